import { methods, route } from "@/lib/http";
import { CONSOLE } from "@/lib/openapi/endpoints/console";
import { createProfile } from "@/lib/profiles";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: route(CONSOLE["POST /v1/dashboard/scanner/profiles"], async ({ auth, body, ctx, reply }) =>
    reply(201, { profile: await createProfile({ ctx, tenantId: auth.tenantId, body }) }),
  ),
});
