import { methods, route } from "@/lib/http";
import { corsPreflight } from "@/lib/http/cors";
import { SESSIONS } from "@/lib/openapi/endpoints/sessions";
import { createSession, listApiSessions } from "@/lib/sessions";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: route(SESSIONS["POST /v1/sessions"], async ({ req, auth, body, headerProblems, ctx, reply }) =>
    reply(201, await createSession({ ctx, principal: auth, body, headerProblems, origin: req.headers.get("origin") })),
  ),
  GET: route(SESSIONS["GET /v1/sessions"], async ({ auth, query, ctx, reply }) => reply(200, await listApiSessions({ ctx, tenantId: auth.tenantId, query }))),
});
export const OPTIONS = corsPreflight(SESSIONS["POST /v1/sessions"]);
