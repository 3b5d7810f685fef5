import { methods, route } from "@/lib/http";
import { createKey, listKeys } from "@/lib/keys";
import { CONSOLE } from "@/lib/openapi/endpoints/console";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route(CONSOLE["GET /v1/dashboard/keys"], async ({ auth, ctx, reply }) => reply(200, { keys: await listKeys({ ctx, tenantId: auth.tenantId }) })),
  POST: route(CONSOLE["POST /v1/dashboard/keys"], async ({ auth, body, ctx, reply }) => reply(201, await createKey({ ctx, tenantId: auth.tenantId, input: body }))),
});
