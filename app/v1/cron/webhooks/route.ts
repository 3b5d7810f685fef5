import { runScheduledWork } from "@/lib/cron/run-scheduled-work";
import { json, methods, route } from "@/lib/http";

export const dynamic = "force-dynamic";

// Vercel Cron calls with GET; other schedulers POST. Both run the same work under the same check.
const run = route({ auth: "cron" }, async ({ ctx }) => json(200, { status: "ok", ...(await runScheduledWork({ ctx })) }));

export const { GET, POST, PUT, PATCH, DELETE } = methods({ GET: run, POST: run });
