/** Operations: health, readiness, this description and the scheduled run. */
import { z } from "zod";
import { endpoints, jsonResponse as json } from "../endpoint";
import * as R from "../responses";

const open = { tag: "Operations", auth: "none", errors: [] } as const;
const scheduled = { tag: "Operations", auth: "cron", errors: [], responses: { 200: json("What the run did.", R.CronRun) } } as const;

export const OPS = endpoints({
  "GET /v1/health": { ...open, summary: "Liveness", responses: { 200: json("The process answers.", R.Health) } },
  "GET /v1/ready": {
    ...open,
    summary: "Readiness",
    description: "503 `service_unavailable` with the same `checks` when the database or object store does not answer within a second.",
    responses: { 200: json("Every dependency answers.", R.Ready) },
    unavailableBody: R.NotReady,
  },
  "GET /v1/openapi.json": { ...open, summary: "This API description", responses: { 200: json("OpenAPI 3.1.", z.record(z.string(), z.unknown())) } },
  "GET /v1/cron/webhooks": {
    ...scheduled,
    summary: "Run the scheduled work (Vercel Cron)",
    description: "Retries due webhooks, expires overdue sessions, sweeps files, orphans and idempotency keys.",
  },
  "POST /v1/cron/webhooks": { ...scheduled, summary: "Run the scheduled work (other schedulers)" },
});
