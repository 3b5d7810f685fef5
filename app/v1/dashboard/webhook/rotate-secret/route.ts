import { json, methods, route } from "@/lib/http";
import { rotateWebhookSecret } from "@/lib/webhooks/rotate-webhook-secret";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: route({ auth: "console" }, async ({ auth, ctx }) => json(201, await rotateWebhookSecret({ ctx, tenantId: auth.tenantId }))),
});
