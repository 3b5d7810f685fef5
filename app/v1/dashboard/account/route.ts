import { clearedConsoleCookie, deleteAccount, servedOverHttps } from "@/lib/accounts";
import { methods, route } from "@/lib/http";
import { ACCOUNT } from "@/lib/openapi/endpoints/account";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  DELETE: route(ACCOUNT["DELETE /v1/dashboard/account"], async ({ req, auth, body, ctx, reply }) =>
    reply(200, await deleteAccount({ ctx, who: auth, input: body }), { "Set-Cookie": clearedConsoleCookie(servedOverHttps(req, ctx.config.publicOrigin)) }),
  ),
});
