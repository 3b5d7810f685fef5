import { methods, route } from "@/lib/http";
import { CONSOLE } from "@/lib/openapi/endpoints/console";
import { rotateWebhookSecret } from "@/lib/webhooks/rotate-webhook-secret";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: route(CONSOLE["POST /v1/dashboard/webhook/rotate-secret"], async ({ auth, ctx, reply }) => reply(201, await rotateWebhookSecret({ ctx, tenantId: auth.tenantId }))),
});
