import { consoleCookie, login, LoginInput, servedOverHttps } from "@/lib/accounts";
import { json, methods, route } from "@/lib/http";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: route({ body: LoginInput, sameOrigin: true }, async ({ req, body, ctx, clientAddress }) => {
    const { user, tenant, sessionToken } = await login({ ctx, input: body, clientAddress });
    return json(200, { user, tenant }, { "Set-Cookie": consoleCookie(sessionToken, servedOverHttps(req, ctx.config.publicOrigin)) });
  }),
});
