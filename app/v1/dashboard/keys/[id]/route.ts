import { json, methods, route } from "@/lib/http";
import { revokeKey } from "@/lib/keys";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  DELETE: route({ auth: "console" }, async ({ auth, params, ctx }) =>
    json(200, { key: await revokeKey({ ctx, tenantId: auth.tenantId, keyId: params.id }) }),
  ),
});
