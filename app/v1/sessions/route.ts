import { json, methods, route } from "@/lib/http";
import { createSession, CreateSessionInput, listApiSessions, SessionListQuery } from "@/lib/sessions";
import { corsPreflight } from "@/lib/http/cors";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: route({ auth: "apiKey", body: CreateSessionInput, idempotent: "POST /v1/sessions", cors: true }, async ({ req, auth, body, ctx }) =>
    json(201, await createSession({ ctx, principal: auth, input: body, origin: req.headers.get("origin") })),
  ),
  GET: route({ auth: "secretKey", query: SessionListQuery }, async ({ auth, query, ctx }) => json(200, await listApiSessions({ ctx, tenantId: auth.tenantId, query }))),
});
export const OPTIONS = corsPreflight("POST");
