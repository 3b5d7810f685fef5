import { and, eq, isNull, sql } from "drizzle-orm";
import { withTx, type Db } from "../db";
import { sessions, type RedactionActor } from "../db/schema";
import { claimFailure } from "../session-states/transitions";
import { releaseHold } from "../sessions/hold";

/** How long one redaction run holds a session before the cron may take it over. */
export const REDACTION_LEASE_MS = 5 * 60 * 1000;

/**
 * The first step of a redaction, before any object is deleted: a live session is failed
 * (`fail_reason` `redacted`, its token spent, its credit hold released: the same conditional
 * claim as the scanner's fail, so a racing completion and this cannot both win), and the
 * request is recorded with who made it and a lease, so a redaction a storage failure cuts
 * short is finished by the cron (lib/redaction/sweep-redactions.ts). A session already
 * requested keeps its first requester. Returns that requester, or null when the session is
 * already redacted.
 */
export async function requestRedaction(db: Db, session: { id: string; tenantId: string }, actor: RedactionActor, now: Date): Promise<RedactionActor | null> {
  return withTx(db, async (tx) => {
    if (await claimFailure(tx, session.id, now, "redacted")) await releaseHold(tx, session.tenantId);
    const rows = await tx
      .update(sessions)
      .set({
        redactionRequestedAt: sql`coalesce(${sessions.redactionRequestedAt}, ${now.toISOString()}::timestamptz)`,
        redactionActor: sql`coalesce(${sessions.redactionActor}, ${JSON.stringify(actor)}::jsonb)`,
        redactionLeaseUntil: new Date(now.getTime() + REDACTION_LEASE_MS),
      })
      .where(and(eq(sessions.id, session.id), isNull(sessions.redactedAt)))
      .returning({ actor: sessions.redactionActor });
    return rows[0]?.actor ?? null;
  });
}
