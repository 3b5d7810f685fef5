import { methods, route } from "@/lib/http";
import { CONSOLE } from "@/lib/openapi/endpoints/console";
import { deleteProfile, updateProfile } from "@/lib/profiles";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  PUT: route(CONSOLE["PUT /v1/dashboard/scanner/profiles/{id}"], async ({ auth, body, params, ctx, reply }) =>
    reply(200, await updateProfile({ ctx, tenantId: auth.tenantId, profileId: params.id, body })),
  ),
  DELETE: route(CONSOLE["DELETE /v1/dashboard/scanner/profiles/{id}"], async ({ auth, params, ctx, reply }) =>
    reply(200, await deleteProfile({ ctx, tenantId: auth.tenantId, profileId: params.id })),
  ),
});
