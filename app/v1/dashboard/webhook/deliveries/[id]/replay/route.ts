import { methods, route } from "@/lib/http";
import { CONSOLE } from "@/lib/openapi/endpoints/console";
import { replayDelivery } from "@/lib/webhooks/replay-delivery";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: route(CONSOLE["POST /v1/dashboard/webhook/deliveries/{id}/replay"], async ({ auth, params, ctx, reply }) =>
    reply(201, { delivery: await replayDelivery({ ctx, tenantId: auth.tenantId, deliveryId: params.id }) }),
  ),
});
