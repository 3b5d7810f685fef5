import { methods, route } from "@/lib/http";
import { corsPreflight } from "@/lib/http/cors";
import { SESSIONS } from "@/lib/openapi/endpoints/sessions";
import { getStatus } from "@/lib/sessions";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route(SESSIONS["GET /v1/sessions/{id}/status"], async ({ req, params, ctx, reply }) => {
    const token = new URL(req.url).searchParams.get("t");
    return reply(200, await getStatus({ ctx, sessionId: params.id, token }));
  }),
});
export const OPTIONS = corsPreflight(SESSIONS["GET /v1/sessions/{id}/status"]);
