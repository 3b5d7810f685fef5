import { methods, route } from "@/lib/http";
import { CONSOLE } from "@/lib/openapi/endpoints/console";
import { getWebhookConfig } from "@/lib/webhooks/get-webhook-config";
import { updateWebhookConfig } from "@/lib/webhooks/update-webhook-config";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route(CONSOLE["GET /v1/dashboard/webhook"], async ({ auth, ctx, reply }) => reply(200, await getWebhookConfig({ ctx, tenantId: auth.tenantId }))),
  PUT: route(CONSOLE["PUT /v1/dashboard/webhook"], async ({ auth, body, ctx, reply }) =>
    reply(200, await updateWebhookConfig({ ctx, tenantId: auth.tenantId, input: body })),
  ),
});
