import { methods, route } from "@/lib/http";
import { SESSIONS } from "@/lib/openapi/endpoints/sessions";
import { redactSession } from "@/lib/redaction";
import { getSession } from "@/lib/sessions";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: route(SESSIONS["POST /v1/sessions/{id}/redact"], async ({ auth, params, ctx, reply }) => {
    await redactSession({ ctx, tenantId: auth.tenantId, sessionId: params.id, actor: { kind: "api_key", id: auth.keyId } });
    return reply(200, await getSession({ ctx, tenantId: auth.tenantId, sessionId: params.id }));
  }),
});
