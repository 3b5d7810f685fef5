import { methods, route } from "@/lib/http";
import { CONSOLE } from "@/lib/openapi/endpoints/console";
import { getDashboardSession } from "@/lib/sessions";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route(CONSOLE["GET /v1/dashboard/sessions/{id}"], async ({ auth, params, ctx, reply }) =>
    reply(200, await getDashboardSession({ ctx, tenantId: auth.tenantId, sessionId: params.id })),
  ),
});
