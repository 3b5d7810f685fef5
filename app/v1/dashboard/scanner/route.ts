import { methods, route } from "@/lib/http";
import { CONSOLE } from "@/lib/openapi/endpoints/console";
import { getScannerOverview, updateDefaultSettings } from "@/lib/profiles";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route(CONSOLE["GET /v1/dashboard/scanner"], async ({ auth, ctx, reply }) => reply(200, await getScannerOverview({ ctx, tenantId: auth.tenantId }))),
  // The body is the patch itself; applyScannerPatch validates it with every problem by path.
  PUT: route(CONSOLE["PUT /v1/dashboard/scanner"], async ({ auth, body, ctx, reply }) =>
    reply(200, await updateDefaultSettings({ ctx, tenantId: auth.tenantId, patch: body })),
  ),
});
