import { json, methods, route } from "@/lib/http";
import { getDashboardSession } from "@/lib/sessions";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route({ auth: "console" }, async ({ auth, params, ctx }) => json(200, await getDashboardSession({ ctx, tenantId: auth.tenantId, sessionId: params.id }))),
});
