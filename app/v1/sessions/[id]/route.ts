import { json, methods, route } from "@/lib/http";
import { getSession } from "@/lib/sessions";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route({ auth: "secretKey" }, async ({ params, auth, ctx }) =>
    json(200, await getSession({ ctx, tenantId: auth.tenantId, sessionId: params.id })),
  ),
});
