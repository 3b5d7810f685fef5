import { methods, route } from "@/lib/http";
import { CONSOLE } from "@/lib/openapi/endpoints/console";
import { createPreviewSession } from "@/lib/sessions";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: route(CONSOLE["POST /v1/dashboard/scanner/preview-session"], async ({ auth, body, ctx, reply }) =>
    reply(201, await createPreviewSession({ ctx, tenantId: auth.tenantId, input: body })),
  ),
});
