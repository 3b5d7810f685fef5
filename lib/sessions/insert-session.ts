import { and, eq, gt, inArray, isNull, sql } from "drizzle-orm";
import type { Ctx } from "../context";
import { withTx, type Tx } from "../db";
import { sessions, tenants, type SessionCreator } from "../db/schema";
import { ApiError } from "../errors";
import { newId } from "../ids";
import type { ScannerSettings } from "../scanner-settings";
import { LIVE_STATES } from "./transitions";
import { createdView } from "./views";

export interface NewSession {
  tenantId: string;
  /** The tenant's balance as just read (nothing is debited here, so no lock is needed). */
  balance: number;
  mode: "test" | "live";
  metadata: Record<string, unknown>;
  scanner: ScannerSettings;
  profileId: string | null;
  allowedOrigins: string[];
  callbackUrl: string | null;
  createdWith: SessionCreator;
  now: Date;
}

/**
 * Inserts a `created` session if the balance covers it (review M7, docs/sessions.md "Credit
 * rule"): every live session (created, opened or scanning, token unspent, not expired)
 * holds one credit, so opening needs `balance − live sessions ≥ 1`. Counted under the
 * tenant row lock, so concurrent openings queue and cannot all see the same free credit.
 * Nothing is debited here; the credit moves at completion. Shared by `POST /v1/sessions`
 * and the dashboard preview. Returns the creation view with the client token.
 */
export async function insertSession(ctx: Pick<Ctx, "config" | "db">, s: NewSession) {
  const session = await withTx(ctx.db, async (tx) => {
    const [tenant] = await tx.select({ credits: tenants.credits }).from(tenants).where(eq(tenants.id, s.tenantId)).for("update");
    const live = await countLiveSessions(tx, s.tenantId, s.now, ctx.config.sessionTtlMs);
    const balance = tenant?.credits ?? s.balance;
    if (balance - live < 1) {
      const held = live > 0 ? ` and ${live} open session${live === 1 ? "" : "s"} hold${live === 1 ? "s" : ""} ${live} of it` : "";
      throw new ApiError("insufficient_credits", { message: `A session costs 1 credit; your balance is ${balance}${held}. Top up to open new sessions.` });
    }
    const [row] = await tx
      .insert(sessions)
      .values({
        id: newId("session"),
        tenantId: s.tenantId,
        mode: s.mode,
        status: "created",
        metadata: s.metadata,
        scanner: s.scanner as unknown as Record<string, unknown>,
        profileId: s.profileId,
        allowedOrigins: s.allowedOrigins,
        callbackUrl: s.callbackUrl,
        createdWith: s.createdWith,
        createdAt: s.now,
        expiresAt: new Date(s.now.getTime() + ctx.config.sessionTtlMs),
      })
      .returning();
    return row;
  });
  return createdView(ctx.config, session);
}

/** Sessions that may still complete (each will debit one credit). Only the last TTL can hold any. */
async function countLiveSessions(tx: Tx, tenantId: string, now: Date, ttlMs: number): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(sessions)
    .where(
      and(
        eq(sessions.tenantId, tenantId),
        gt(sessions.createdAt, new Date(now.getTime() - ttlMs)),
        inArray(sessions.status, LIVE_STATES),
        isNull(sessions.tokenUsedAt),
        gt(sessions.expiresAt, now),
      ),
    );
  return row?.n ?? 0;
}
