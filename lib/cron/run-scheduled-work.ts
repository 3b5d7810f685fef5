import { now as clockNow } from "../clock";
import { sweepExpiredFiles } from "../files/sweep-expired-files";
import type { Services } from "../services";
import { sweepOverdueSessions } from "../sessions/sweep-overdue-sessions";
import { deliverDueWebhooks } from "../webhooks/deliver-due-webhooks";

export interface ScheduledWorkResult {
  attempted: number;
  skipped: boolean;
}

/**
 * One run of the scheduled work, shared by `POST|GET /v1/cron/webhooks` (Vercel Cron) and
 * the embedded scheduler: move overdue sessions on (`expired`, or `failed` with a
 * `scan.failed` delivery), delete files past retention, then attempt the due webhook
 * deliveries (one bounded batch). The sweep runs first so the `scan.failed` events it
 * creates go out in the same run. `skipped` is true when nothing was due or swept.
 */
export async function runScheduledWork(services: Services, now: Date = clockNow()): Promise<ScheduledWorkResult> {
  const swept = await sweepOverdueSessions(services, now);
  const files = await sweepExpiredFiles(services, now);
  const attempted = await deliverDueWebhooks(services, now);
  return { attempted, skipped: attempted === 0 && swept.expired === 0 && swept.failed === 0 && files === 0 };
}
