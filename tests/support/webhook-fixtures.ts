/**
 * Fixtures for the webhook, cron and analytics tests, inserted directly with drizzle: a
 * tenant with a console cookie, sessions in any state, and deliveries through the real
 * `enqueueEvent`. (Until the shared signup() factory exists; these stay valid after it.)
 */
import { now } from "@/lib/clock";
import { randomToken, sha256Hex } from "@/lib/crypto";
import { schema, withTx, type Db } from "@/lib/db";
import type { SessionStatus } from "@/lib/db/schema";
import { newId } from "@/lib/ids";
import { LIVE_STATES } from "@/lib/session-states/transitions";
import { eq, sql } from "drizzle-orm";
import { enqueueEvent } from "@/lib/webhooks/enqueue-event";
import { newWebhookSecret } from "@/lib/webhooks/webhook-secret";

export interface SeededTenant {
  tenantId: string;
  cookie: string;
}

/** A fresh tenant with one user and a live console session. */
export async function seedTenant(db: Db, webhook: { url?: string | null; events?: string[] } = {}): Promise<SeededTenant> {
  const at = now();
  const tenantId = newId("tenant");
  const userId = newId("user");
  const token = randomToken();
  await db.insert(schema.tenants).values({
    id: tenantId,
    name: "Webhook Test Co",
    credits: 250,
    webhookUrl: webhook.url ?? null,
    webhookEvents: webhook.events ?? ["scan.completed"],
    webhookSecret: newWebhookSecret(),
    createdAt: at,
  });
  await db.insert(schema.users).values({ id: userId, tenantId, email: `${userId}@example.test`, passwordHash: "x", createdAt: at });
  await db.insert(schema.consoleSessions).values({ tokenHash: sha256Hex(token), userId, tenantId, createdAt: at, expiresAt: new Date(at.getTime() + 86_400_000) });
  return { tenantId, cookie: `sc_session=${token}` };
}

export interface SessionSeed {
  status?: SessionStatus;
  mode?: "test" | "live";
  createdAt?: Date;
  ttlMs?: number;
  callbackUrl?: string | null;
  metadata?: Record<string, unknown>;
  pageCount?: number | null;
}

/**
 * A session row in any state (created now, 15-minute TTL unless told otherwise). A live one
 * holds a credit, as an opening through `insertSession` would have taken.
 */
export async function seedSession(db: Db, tenantId: string, s: SessionSeed = {}): Promise<string> {
  const id = newId("session");
  const createdAt = s.createdAt ?? now();
  const status = s.status ?? "completed";
  if ((LIVE_STATES as readonly SessionStatus[]).includes(status)) {
    await db.update(schema.tenants).set({ heldSessions: sql`${schema.tenants.heldSessions} + 1` }).where(eq(schema.tenants.id, tenantId));
  }
  await db.insert(schema.sessions).values({
    id,
    tenantId,
    mode: s.mode ?? "test",
    status,
    metadata: s.metadata ?? { order: id },
    scanner: {},
    allowedOrigins: [],
    callbackUrl: s.callbackUrl ?? null,
    createdAt,
    expiresAt: new Date(createdAt.getTime() + (s.ttlMs ?? 900_000)),
    pageCount: s.pageCount ?? null,
  });
  return id;
}

/** A completed session and its `scan.completed` delivery via enqueueEvent (null when none is due). */
export async function seedCompletion(db: Db, tenantId: string, s: SessionSeed = {}): Promise<{ sessionId: string; deliveryId: string | null }> {
  const sessionId = await seedSession(db, tenantId, { status: "completed", ...s });
  const result = { url: `https://files.example.test/${sessionId}`, page_count: 2, bytes: 1234, content_type: "application/pdf", pages: [] };
  const deliveryId = await withTx(db, (tx) =>
    enqueueEvent(tx, { tenantId, sessionId, event: "scan.completed", metadata: s.metadata ?? { order: sessionId }, result, callbackUrl: s.callbackUrl ?? null, createdWith: "secret", now: now() }),
  );
  return { sessionId, deliveryId };
}
