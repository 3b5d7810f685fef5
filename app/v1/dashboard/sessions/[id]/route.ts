import { methods, route } from "@/lib/http";
import { CONSOLE } from "@/lib/openapi/endpoints/console";
import { getSessionDetail } from "@/lib/redaction";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route(CONSOLE["GET /v1/dashboard/sessions/{id}"], async ({ auth, params, ctx, reply }) =>
    reply(200, await getSessionDetail({ ctx, tenantId: auth.tenantId, sessionId: params.id })),
  ),
});
