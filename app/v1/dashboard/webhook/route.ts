import { json, methods, route } from "@/lib/http";
import { getWebhookConfig } from "@/lib/webhooks/get-webhook-config";
import { UpdateWebhookInput } from "@/lib/webhooks/schemas";
import { updateWebhookConfig } from "@/lib/webhooks/update-webhook-config";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route({ auth: "console" }, async ({ auth, ctx }) => json(200, await getWebhookConfig({ ctx, tenantId: auth.tenantId }))),
  PUT: route({ auth: "console", body: UpdateWebhookInput }, async ({ auth, body, ctx }) =>
    json(200, await updateWebhookConfig({ ctx, tenantId: auth.tenantId, input: body })),
  ),
});
