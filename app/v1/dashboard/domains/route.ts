import { addDomain, listDomains } from "@/lib/domains";
import { methods, route } from "@/lib/http";
import { CONSOLE } from "@/lib/openapi/endpoints/console";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route(CONSOLE["GET /v1/dashboard/domains"], async ({ auth, ctx, reply }) => reply(200, { domains: await listDomains({ ctx, tenantId: auth.tenantId }) })),
  POST: route(CONSOLE["POST /v1/dashboard/domains"], async ({ auth, body, ctx, reply }) =>
    reply(201, { domains: await addDomain({ ctx, tenantId: auth.tenantId, domain: body.domain }) }),
  ),
});
