import { index, integer, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import { ts } from "./columns";
import { tenants } from "./tenants";

export const DELIVERY_STATUSES = ["pending", "succeeded", "failed"] as const;

export interface DeliveryAttempt {
  at: string;
  ms: number;
  response_status: number | null;
  /** The start of the receiver's body; absent on attempts recorded before it was kept. */
  response_body?: string | null;
  error: string | null;
}

export const webhookDeliveries = pgTable(
  "webhook_deliveries",
  {
    id: text("id").primaryKey(),
    tenantId: text("tenant_id").notNull().references(() => tenants.id),
    /** The event's session (a synthetic id for test.ping, so no foreign key). */
    sessionId: text("session_id").notNull(),
    event: text("event").notNull(),
    /** The event's id (`evt_…`, also in the payload): the same on every retry and replay of it. */
    eventId: text("event_id").notNull(),
    url: text("url").notNull(),
    status: text("status", { enum: DELIVERY_STATUSES }).notNull().default("pending"),
    attempts: jsonb("attempts").$type<DeliveryAttempt[]>().notNull().default([]),
    /** Exactly the bytes that are signed and sent, serialised once. */
    payload: text("payload").notNull(),
    /** The signing secret in force when the delivery was created (rotation affects only later ones). */
    signingSecret: text("signing_secret").notNull(),
    replayOf: text("replay_of"),
    createdAt: ts("created_at").notNull(),
    /** When the next attempt is due; null once the delivery is finished. */
    nextAttemptAt: ts("next_attempt_at"),
    /** A claim by a cron run: others skip the row until the lease runs out. */
    leaseUntil: ts("lease_until"),
    attemptCount: integer("attempt_count").notNull().default(0),
  },
  (t) => [
    index("webhook_deliveries_due_idx").on(t.status, t.nextAttemptAt),
    index("webhook_deliveries_tenant_created_idx").on(t.tenantId, t.createdAt),
  ],
);
