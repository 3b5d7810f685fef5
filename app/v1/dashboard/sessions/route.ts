import { methods, route } from "@/lib/http";
import { CONSOLE } from "@/lib/openapi/endpoints/console";
import { listDashboardSessions } from "@/lib/sessions";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route(CONSOLE["GET /v1/dashboard/sessions"], async ({ auth, query, ctx, reply }) => reply(200, await listDashboardSessions({ ctx, tenantId: auth.tenantId, query }))),
});
