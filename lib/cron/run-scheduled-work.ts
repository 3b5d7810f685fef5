import type { Services } from "../services";

export interface ScheduledWorkResult {
  attempted: number;
  skipped: boolean;
}

/**
 * One run of the scheduled work, shared by `POST /v1/cron/webhooks`, Vercel Cron and the
 * embedded scheduler. The webhook, expiry and retention steps are added by their issues.
 */
export async function runScheduledWork(_services: Services): Promise<ScheduledWorkResult> {
  return { attempted: 0, skipped: true };
}
