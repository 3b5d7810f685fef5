import { methods, route } from "@/lib/http";
import { SESSIONS } from "@/lib/openapi/endpoints/sessions";
import { getSession } from "@/lib/sessions";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route(SESSIONS["GET /v1/sessions/{id}"], async ({ params, auth, ctx, reply }) => reply(200, await getSession({ ctx, tenantId: auth.tenantId, sessionId: params.id }))),
});
