import { consoleCookie, servedOverHttps, signup } from "@/lib/accounts";
import { methods, route } from "@/lib/http";
import { ACCOUNT } from "@/lib/openapi/endpoints/account";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: route(ACCOUNT["POST /v1/auth/signup"], async ({ req, body, ctx, clientAddress, reply }) => {
    const { user, tenant, sessionToken, secretKey } = await signup({ ctx, input: body, clientAddress });
    return reply(201, { user, tenant, secret_key: secretKey }, { "Set-Cookie": consoleCookie(sessionToken, servedOverHttps(req, ctx.config.publicOrigin)) });
  }),
});
