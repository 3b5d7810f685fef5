import { json, methods, route } from "@/lib/http";
import { listSessions } from "@/lib/sessions";
import { ListQuery } from "@/lib/validation";

export const dynamic = "force-dynamic";


export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route({ auth: "console", query: ListQuery }, async ({ auth, query, ctx }) =>
    json(200, { sessions: await listSessions({ ctx, tenantId: auth.tenantId, limit: query.limit }) }),
  ),
});
