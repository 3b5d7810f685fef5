import { runScheduledWork } from "@/lib/cron/run-scheduled-work";
import { methods, route } from "@/lib/http";
import { OPS } from "@/lib/openapi/endpoints/ops";

export const dynamic = "force-dynamic";

// Vercel Cron calls with GET; other schedulers POST. Both run the same work under the same check.
export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route(OPS["GET /v1/cron/webhooks"], async ({ ctx, reply }) => reply(200, { status: "ok", ...(await runScheduledWork({ ctx })) })),
  POST: route(OPS["POST /v1/cron/webhooks"], async ({ ctx, reply }) => reply(200, { status: "ok", ...(await runScheduledWork({ ctx })) })),
});
