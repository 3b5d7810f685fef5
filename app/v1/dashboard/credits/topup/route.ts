import { topUp } from "@/lib/credits";
import { methods, route } from "@/lib/http";
import { CONSOLE } from "@/lib/openapi/endpoints/console";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: route(CONSOLE["POST /v1/dashboard/credits/topup"], async ({ auth, body, ctx, reply }) => reply(201, await topUp({ ctx, tenantId: auth.tenantId, input: body }))),
});
