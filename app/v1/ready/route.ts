import { RETRY_AFTER_SECONDS } from "@/lib/dependencies";
import { json, methods, route } from "@/lib/http";
import { OPS } from "@/lib/openapi/endpoints/ops";
import { checkReadiness } from "@/lib/readiness";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route(OPS["GET /v1/ready"], async ({ ctx, reply }) => {
    const { ready, checks } = await checkReadiness({ ctx });
    if (ready) return reply(200, { status: "ready", checks });
    const down = Object.entries(checks).filter(([, state]) => state === "down").map(([name]) => name);
    // An error answer, so `json` rather than `reply`: the error body with the checks (the declaration's `unavailableBody`).
    return json(
      503,
      { error: "service_unavailable", message: `Not ready: ${down.join(", ")} did not answer within a second.`, checks },
      { "Retry-After": String(RETRY_AFTER_SECONDS) },
    );
  }),
});
