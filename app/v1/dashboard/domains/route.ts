import { addDomain, DomainInput, listDomains } from "@/lib/domains";
import { json, methods, route } from "@/lib/http";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route({ auth: "console" }, async ({ auth, ctx }) => json(200, { domains: await listDomains({ ctx, tenantId: auth.tenantId }) })),
  POST: route({ auth: "console", body: DomainInput }, async ({ auth, body, ctx }) =>
    json(201, { domains: await addDomain({ ctx, tenantId: auth.tenantId, domain: body.domain }) }),
  ),
});
