import { methods, route } from "@/lib/http";
import { revokeKey } from "@/lib/keys";
import { CONSOLE } from "@/lib/openapi/endpoints/console";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  DELETE: route(CONSOLE["DELETE /v1/dashboard/keys/{id}"], async ({ auth, params, ctx, reply }) =>
    reply(200, { key: await revokeKey({ ctx, tenantId: auth.tenantId, keyId: params.id }) }),
  ),
});
