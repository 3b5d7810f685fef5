import { desc, eq } from "drizzle-orm";
import type { Ctx } from "../context";
import { schema } from "../db";
import type { DeliveryAttempt } from "../db/schema";
import { ApiError } from "../errors";

/** How far back the health looks: the newest deliveries, whatever their age. */
const RECENT = 20;

export interface WebhookHealth {
  /** Whether the owner has been shown the current signing secret (at rotation). */
  secret_shown: boolean;
  /** `failing`: the endpoint's latest attempt was not a 2xx; `ok`: it was; `unknown`: nothing attempted yet. */
  state: "ok" | "failing" | "unknown";
  /** The latest failed attempt's answer, as one line: `HTTP 500: body…` or the transport error. */
  last_error: string | null;
  last_failure_at: string | null;
  /** Among the recent deliveries: how many ended `failed`, and how many are waiting for a retry. */
  failed_recent: number;
  pending: number;
  /** When the soonest of those retries is due (null when none is waiting), so the banner can say when. */
  next_attempt_at: string | null;
}

/**
 * `GET /v1/dashboard/webhook/health`: whether the endpoint is answering, judged by the
 * latest attempt among the newest deliveries, so one success after an outage clears the flag.
 */
export async function getWebhookHealth({ ctx, tenantId }: { ctx: Ctx; tenantId: string }): Promise<WebhookHealth> {
  const t = schema.tenants;
  const d = schema.webhookDeliveries;
  const [tenant] = await ctx.db.select({ shownAt: t.webhookSecretShownAt }).from(t).where(eq(t.id, tenantId));
  if (!tenant) throw new ApiError("not_found");
  const rows = await ctx.db.select({ status: d.status, attempts: d.attempts, nextAttemptAt: d.nextAttemptAt }).from(d).where(eq(d.tenantId, tenantId)).orderBy(desc(d.createdAt), desc(d.id)).limit(RECENT);
  const attempts = rows.flatMap((r) => r.attempts).sort((a, b) => b.at.localeCompare(a.at));
  const lastFailure = attempts.find((a) => !succeeded(a));
  return {
    secret_shown: tenant.shownAt !== null,
    state: attempts.length === 0 ? "unknown" : succeeded(attempts[0]) ? "ok" : "failing",
    last_error: lastFailure ? describeAttempt(lastFailure) : null,
    last_failure_at: lastFailure?.at ?? null,
    failed_recent: rows.filter((r) => r.status === "failed").length,
    pending: rows.filter((r) => r.status === "pending").length,
    next_attempt_at: soonest(rows.filter((r) => r.status === "pending").map((r) => r.nextAttemptAt)),
  };
}

function soonest(dates: (Date | null)[]): string | null {
  const times = dates.filter((t): t is Date => t !== null).map((t) => t.getTime());
  return times.length > 0 ? new Date(Math.min(...times)).toISOString() : null;
}

const succeeded = (a: DeliveryAttempt) => a.response_status !== null && a.response_status >= 200 && a.response_status < 300;

/** One attempt's failure as a line for a banner. */
export function describeAttempt(a: DeliveryAttempt): string {
  if (a.response_status === null) return a.error ?? "no response";
  const body = a.response_body?.trim().replace(/\s+/g, " ");
  return body ? `HTTP ${a.response_status}: ${body.slice(0, 120)}` : `HTTP ${a.response_status}`;
}
