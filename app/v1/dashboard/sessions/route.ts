import { json, methods, route } from "@/lib/http";
import { listDashboardSessions, SessionListQuery } from "@/lib/sessions";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route({ auth: "console", query: SessionListQuery }, async ({ auth, query, ctx }) =>
    json(200, await listDashboardSessions({ ctx, tenantId: auth.tenantId, query })),
  ),
});
