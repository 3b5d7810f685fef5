import { methods, route } from "@/lib/http";
import { CONSOLE } from "@/lib/openapi/endpoints/console";
import { listDeliveries } from "@/lib/webhooks/list-deliveries";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route(CONSOLE["GET /v1/dashboard/webhook/deliveries"], async ({ auth, query, ctx, reply }) =>
    reply(200, await listDeliveries({ ctx, tenantId: auth.tenantId, limit: query.limit })),
  ),
});
