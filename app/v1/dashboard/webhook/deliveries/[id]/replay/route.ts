import { json, methods, route } from "@/lib/http";
import { replayDelivery } from "@/lib/webhooks/replay-delivery";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: route({ auth: "console" }, async ({ auth, params, ctx }) =>
    json(201, { delivery: await replayDelivery({ ctx, tenantId: auth.tenantId, deliveryId: params.id }) }),
  ),
});
