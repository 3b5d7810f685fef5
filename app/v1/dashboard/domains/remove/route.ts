import { DomainInput, removeDomain } from "@/lib/domains";
import { json, methods, route } from "@/lib/http";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: route({ auth: "console", body: DomainInput }, async ({ auth, body, ctx }) =>
    json(200, { domains: await removeDomain({ ctx, tenantId: auth.tenantId, domain: body.domain }) }),
  ),
});
