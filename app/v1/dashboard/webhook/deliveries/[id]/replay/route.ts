import { json, methods, route } from "@/lib/http";
import { deliverNow } from "@/lib/webhooks/deliver-now";
import { replayDelivery } from "@/lib/webhooks/replay-delivery";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: route({ auth: "console" }, async ({ auth, params, ctx }) => {
    const delivery = await replayDelivery({ db: ctx.services.db, tenantId: auth.tenantId, deliveryId: params.id, now: ctx.now });
    ctx.defer(() => deliverNow(ctx.services, delivery.id));
    return json(201, { delivery });
  }),
});
