import { removeDomain } from "@/lib/domains";
import { methods, route } from "@/lib/http";
import { CONSOLE } from "@/lib/openapi/endpoints/console";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: route(CONSOLE["POST /v1/dashboard/domains/remove"], async ({ auth, body, ctx, reply }) =>
    reply(200, { domains: await removeDomain({ ctx, tenantId: auth.tenantId, domain: body.domain }) }),
  ),
});
