import { consoleCookie, login, servedOverHttps } from "@/lib/accounts";
import { methods, route } from "@/lib/http";
import { ACCOUNT } from "@/lib/openapi/endpoints/account";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: route(ACCOUNT["POST /v1/auth/login"], async ({ req, body, ctx, clientAddress, reply }) => {
    const { user, tenant, sessionToken } = await login({ ctx, input: body, clientAddress });
    return reply(200, { user, tenant }, { "Set-Cookie": consoleCookie(sessionToken, servedOverHttps(req, ctx.config.publicOrigin)) });
  }),
});
