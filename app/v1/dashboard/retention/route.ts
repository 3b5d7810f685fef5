import { methods, route } from "@/lib/http";
import { CONSOLE } from "@/lib/openapi/endpoints/console";
import { getRetentionPolicy, setRetentionPolicy } from "@/lib/redaction";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route(CONSOLE["GET /v1/dashboard/retention"], async ({ auth, ctx, reply }) => reply(200, await getRetentionPolicy({ ctx, tenantId: auth.tenantId }))),
  PUT: route(CONSOLE["PUT /v1/dashboard/retention"], async ({ auth, body, ctx, reply }) => reply(200, await setRetentionPolicy({ ctx, tenantId: auth.tenantId, input: body }))),
});
