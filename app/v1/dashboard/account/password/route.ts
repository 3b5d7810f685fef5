import { changePassword } from "@/lib/accounts";
import { methods, route } from "@/lib/http";
import { ACCOUNT } from "@/lib/openapi/endpoints/account";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: route(ACCOUNT["POST /v1/dashboard/account/password"], async ({ auth, body, ctx, clientAddress, reply }) =>
    reply(200, await changePassword({ ctx, who: auth, input: body, clientAddress })),
  ),
});
