import { json, methods, route } from "@/lib/http";
import { getWebhookHealth } from "@/lib/webhooks/get-webhook-health";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route({ auth: "console" }, async ({ auth, ctx }) => json(200, await getWebhookHealth({ ctx, tenantId: auth.tenantId }))),
});
