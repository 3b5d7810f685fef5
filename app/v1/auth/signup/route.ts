import { consoleCookie, servedOverHttps, signup, SignupInput, throttleAuth } from "@/lib/accounts";
import { json, methods, route } from "@/lib/http";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: route({ body: SignupInput, sameOrigin: true }, async ({ req, body, ctx }) => {
    const { rateLimiter, db, config } = ctx.services;
    await throttleAuth(rateLimiter, { action: "signup", ip: ctx.clientAddress }, ctx.now.getTime());
    const { user, tenant, sessionToken } = await signup({ db, input: body, now: ctx.now });
    return json(201, { user, tenant }, { "Set-Cookie": consoleCookie(sessionToken, servedOverHttps(req, config.publicOrigin)) });
  }),
});
