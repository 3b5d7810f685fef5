import { json, methods, route } from "@/lib/http";
import { listDeliveries } from "@/lib/webhooks/list-deliveries";
import { ListQuery } from "@/lib/validation";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route({ auth: "console", query: ListQuery }, async ({ auth, query, ctx }) =>
    json(200, await listDeliveries({ ctx, tenantId: auth.tenantId, limit: query.limit })),
  ),
});
