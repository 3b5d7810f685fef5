import { json, methods, route } from "@/lib/http";
import { deliverNow } from "@/lib/webhooks/deliver-now";
import { sendTestPing } from "@/lib/webhooks/send-test-ping";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: route({ auth: "console" }, async ({ auth, ctx }) => {
    const delivery = await sendTestPing({ db: ctx.services.db, tenantId: auth.tenantId, now: ctx.now });
    ctx.defer(() => deliverNow(ctx.services, delivery.id));
    return json(201, { delivery });
  }),
});
