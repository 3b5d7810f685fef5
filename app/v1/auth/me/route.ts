import { getAccount } from "@/lib/accounts";
import { methods, route } from "@/lib/http";
import { ACCOUNT } from "@/lib/openapi/endpoints/account";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route(ACCOUNT["GET /v1/auth/me"], async ({ auth, ctx, reply }) => reply(200, await getAccount({ ctx, who: auth }))),
});
