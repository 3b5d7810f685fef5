import { json, methods, route } from "@/lib/http";
import { createSession, CreateSessionInput } from "@/lib/sessions";
import { corsPreflight } from "@/lib/http/cors";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: route({ auth: "apiKey", body: CreateSessionInput, idempotent: "POST /v1/sessions", cors: true }, async ({ req, auth, body, ctx }) =>
    json(201, await createSession({ ctx, principal: auth, input: body, origin: req.headers.get("origin") })),
  ),
});
export const OPTIONS = corsPreflight("POST");
