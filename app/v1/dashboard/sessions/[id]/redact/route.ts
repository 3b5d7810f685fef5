import { methods, route } from "@/lib/http";
import { CONSOLE } from "@/lib/openapi/endpoints/console";
import { getSessionDetail, redactSession } from "@/lib/redaction";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: route(CONSOLE["POST /v1/dashboard/sessions/{id}/redact"], async ({ auth, params, ctx, reply }) => {
    await redactSession({ ctx, tenantId: auth.tenantId, sessionId: params.id, actor: { kind: "console_user", id: auth.userId } });
    return reply(200, await getSessionDetail({ ctx, tenantId: auth.tenantId, sessionId: params.id }));
  }),
});
