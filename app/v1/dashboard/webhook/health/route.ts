import { methods, route } from "@/lib/http";
import { CONSOLE } from "@/lib/openapi/endpoints/console";
import { getWebhookHealth } from "@/lib/webhooks/get-webhook-health";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route(CONSOLE["GET /v1/dashboard/webhook/health"], async ({ auth, ctx, reply }) => reply(200, await getWebhookHealth({ ctx, tenantId: auth.tenantId }))),
});
