import { getCredits } from "@/lib/credits";
import { methods, route } from "@/lib/http";
import { CONSOLE } from "@/lib/openapi/endpoints/console";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route(CONSOLE["GET /v1/dashboard/credits"], async ({ auth, ctx, reply }) => reply(200, await getCredits({ ctx, tenantId: auth.tenantId }))),
});
