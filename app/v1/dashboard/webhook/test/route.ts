import { json, methods, route } from "@/lib/http";
import { sendTestPing } from "@/lib/webhooks/send-test-ping";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: route({ auth: "console" }, async ({ auth, ctx }) => json(201, { delivery: await sendTestPing({ ctx, tenantId: auth.tenantId }) })),
});
