import { consoleCookie, servedOverHttps, signup, SignupInput } from "@/lib/accounts";
import { json, methods, route } from "@/lib/http";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: route({ body: SignupInput, sameOrigin: true }, async ({ req, body, ctx, clientAddress }) => {
    const { user, tenant, sessionToken, secretKey } = await signup({ ctx, input: body, clientAddress });
    return json(201, { user, tenant, secret_key: secretKey }, { "Set-Cookie": consoleCookie(sessionToken, servedOverHttps(req, ctx.config.publicOrigin)) });
  }),
});
