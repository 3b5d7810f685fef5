import { methods, route } from "@/lib/http";
import { CONSOLE } from "@/lib/openapi/endpoints/console";
import { sendTestPing } from "@/lib/webhooks/send-test-ping";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: route(CONSOLE["POST /v1/dashboard/webhook/test"], async ({ auth, ctx, reply }) => reply(201, { delivery: await sendTestPing({ ctx, tenantId: auth.tenantId }) })),
});
