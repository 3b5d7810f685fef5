import { and, asc, eq, isNull, sql } from "drizzle-orm";
import { withTx, type Db } from "../db";
import { files, redactionAudit, sessions, webhookDeliveries, type RedactionActor } from "../db/schema";
import { newId } from "../ids";
import { enqueueEvent } from "../webhooks/enqueue-event";
import { redactedPayload } from "../webhooks/events";

/**
 * The last step, once the session's objects are gone, in one transaction: the metadata, the
 * page reports (their OCR text) and every delivery's payload (and the receivers' answers,
 * which may echo it) are cleared, `redacted_at` set, `session.redacted` recorded and the
 * audit row written. Conditional on `redacted_at` being unset, so of concurrent runs exactly
 * one does it; the others return null. The credit ledger is not touched. Returns the
 * `session.redacted` delivery's id (null when nobody is subscribed) inside `{ deliveryId }`.
 */
export async function finishRedaction(db: Db, sessionId: string, actor: RedactionActor, now: Date): Promise<{ deliveryId: string | null } | null> {
  return withTx(db, async (tx) => {
    // Deliveries before the session row, in id order: a delivery's attempt locks its row and
    // then the session's (completed → delivered), so the same order here cannot deadlock.
    // Rewriting an already redacted payload gives the same bytes, so a losing run does no harm.
    const deliveries = await tx
      .select({ id: webhookDeliveries.id, payload: webhookDeliveries.payload, attempts: webhookDeliveries.attempts })
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.sessionId, sessionId))
      .orderBy(asc(webhookDeliveries.id))
      .for("update");
    for (const d of deliveries) {
      const attempts = d.attempts.map((a) => ({ ...a, response_body: null }));
      await tx.update(webhookDeliveries).set({ payload: redactedPayload(d.payload), attempts }).where(eq(webhookDeliveries.id, d.id));
    }
    const [session] = await tx
      .update(sessions)
      .set({ metadata: {}, redactedAt: now, redactionLeaseUntil: null })
      .where(and(eq(sessions.id, sessionId), isNull(sessions.redactedAt)))
      .returning();
    if (!session) return null;
    await tx
      .update(files)
      .set({ pageReports: null, deletedAt: sql`coalesce(${files.deletedAt}, ${now.toISOString()}::timestamptz)` })
      .where(eq(files.sessionId, sessionId));
    const deliveryId = await enqueueEvent(tx, {
      tenantId: session.tenantId,
      sessionId,
      event: "session.redacted",
      metadata: {},
      result: null,
      callbackUrl: session.callbackUrl,
      createdWith: session.createdWith,
      now,
    });
    await tx.insert(redactionAudit).values({ id: newId("redactionAudit"), tenantId: session.tenantId, sessionId, actor, outcome: "redacted", createdAt: now });
    return { deliveryId };
  });
}
