import type { Ctx } from "../context";
import { sweepExpiredFiles } from "../files/sweep-expired-files";
import { sweepOrphanObjects } from "../sessions/sweep-orphan-objects";
import { expireIdempotencyKeys } from "../idempotency";
import { errorFields, log } from "../log";
import { sweepOverdueSessions } from "../sessions/sweep-overdue-sessions";
import { deliverDueWebhooks } from "../webhooks/deliver-due-webhooks";
import { sweepRedactions } from "../redaction";

export interface ScheduledWorkResult {
  attempted: number;
  skipped: boolean;
  /** Steps that threw this run (logged with their error); the others still ran. */
  failed_steps: StepName[];
}

const STEPS = ["sessions", "redactions", "webhooks", "files", "orphans", "idempotency"] as const;
type StepName = (typeof STEPS)[number];

/**
 * One run of the scheduled work, shared by `POST|GET /v1/cron/webhooks` (Vercel Cron) and
 * the embedded scheduler: move overdue sessions on (`expired`, or `failed` with a
 * `scan.failed` delivery), redact the sessions a retention policy or an unfinished
 * redaction makes due (lib/redaction, whose `session.redacted` events go out in the same run),
 * attempt the due webhook deliveries (one bounded batch), then
 * delete files past retention, stored objects that will never be delivered and idempotency
 * keys past their day. The session sweep runs first so the `scan.failed` events it
 * creates go out in the same run. Each step is isolated: a storage outage in the
 * file sweep never holds back a webhook retry. Only when every step fails does the run
 * throw (the first error), so a scheduler sees an outage as 503 rather than a quiet 200.
 * `skipped` is true when nothing was due or swept.
 */
export async function runScheduledWork({ ctx }: { ctx: Ctx }): Promise<ScheduledWorkResult> {
  const failures: { step: StepName; err: unknown }[] = [];
  const step = async <T>(name: StepName, work: () => Promise<T>, none: T): Promise<T> => {
    try {
      return await work();
    } catch (err) {
      log("error", "scheduled step failed", { step: name, ...errorFields(err) });
      failures.push({ step: name, err });
      return none;
    }
  };
  const swept = await step("sessions", () => sweepOverdueSessions({ ctx }), { expired: 0, failed: 0, deliveryIds: [] });
  const redacted = await step("redactions", () => sweepRedactions({ ctx }), 0);
  const attempted = await step("webhooks", () => deliverDueWebhooks({ ctx }), 0);
  const files = await step("files", () => sweepExpiredFiles({ ctx }), 0);
  const orphans = await step("orphans", () => sweepOrphanObjects({ ctx }), 0);
  const keys = await step("idempotency", () => expireIdempotencyKeys({ ctx }), 0);
  if (failures.length === STEPS.length) throw failures[0].err;
  return {
    attempted,
    skipped: attempted === 0 && redacted === 0 && swept.expired === 0 && swept.failed === 0 && files === 0 && orphans === 0 && keys === 0 && failures.length === 0,
    failed_steps: failures.map((f) => f.step),
  };
}
