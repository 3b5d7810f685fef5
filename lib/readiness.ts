import { sql } from "drizzle-orm";
import { withDeadline, type Dependency } from "./dependencies";
import type { Ctx } from "./context";

/** Each check's budget: a readiness probe must answer well inside a load balancer's own timeout. */
const CHECK_TIMEOUT_MS = 1_000;

export type CheckResult = "ok" | "down";
export type Readiness = { ready: boolean; checks: Record<Dependency, CheckResult> };

/**
 * `GET /v1/ready`: whether this instance can serve now. Runs `select 1` on the database, a
 * PING on the rate-limit store and a write check on storage, in parallel, each within one
 * second. A rate-limit store that is down does not make the instance unready (requests are
 * then counted in memory; README, "Failure behaviour") but is reported. `GET /v1/health` stays
 * dependency-free, for liveness.
 */
export async function checkReadiness({ ctx }: { ctx: Pick<Ctx, "db" | "rateLimiter" | "storage"> }): Promise<Readiness> {
  const [database, rate_limit, storage] = await Promise.all([
    probe(ctx.db.execute(sql`select 1`), "database"),
    probe(ctx.rateLimiter.ping(), "rate_limit"),
    probe(ctx.storage.ping(), "storage"),
  ]);
  return { ready: database === "ok" && storage === "ok", checks: { database, rate_limit, storage } };
}

async function probe(work: Promise<unknown>, dependency: Dependency): Promise<CheckResult> {
  try {
    await withDeadline(work, CHECK_TIMEOUT_MS, dependency);
    return "ok";
  } catch {
    return "down";
  }
}
