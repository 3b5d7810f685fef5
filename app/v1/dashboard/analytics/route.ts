import { getAnalytics } from "@/lib/analytics/get-analytics";
import { methods, route } from "@/lib/http";
import { CONSOLE } from "@/lib/openapi/endpoints/console";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route(CONSOLE["GET /v1/dashboard/analytics"], async ({ auth, query, ctx, reply }) =>
    reply(200, await getAnalytics({ ctx, tenantId: auth.tenantId, days: query.days })),
  ),
});
