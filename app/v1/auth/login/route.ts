import { consoleCookie, login, LoginInput, servedOverHttps, throttleAuth } from "@/lib/accounts";
import { json, methods, route } from "@/lib/http";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: route({ body: LoginInput, sameOrigin: true }, async ({ req, body, ctx }) => {
    const { rateLimiter, db, config } = ctx.services;
    await throttleAuth(rateLimiter, { action: "login", email: body.email, ip: ctx.clientAddress }, ctx.now.getTime());
    const { user, tenant, sessionToken } = await login({ db, input: body, now: ctx.now });
    return json(200, { user, tenant }, { "Set-Cookie": consoleCookie(sessionToken, servedOverHttps(req, config.publicOrigin)) });
  }),
});
