import { eq } from "drizzle-orm";
import { schema, type Tx } from "../db";
import { newId } from "../ids";
import { serialisePayload } from "./events";
import { insertDelivery } from "./insert-delivery";

export interface EnqueueEventInput {
  tenantId: string;
  sessionId: string;
  event: "scan.completed" | "scan.failed" | "session.redacted";
  metadata: Record<string, unknown>;
  result: Record<string, unknown> | null;
  /** The session's own destination; replaces the tenant endpoint for this session's events. */
  callbackUrl: string | null;
  /** The session's `created_with`, carried in the payload. */
  createdWith: string | null;
  now: Date;
}

/**
 * Records the webhook delivery for a session event inside the caller's transaction
 * (completion, failure). Returns null when the tenant is not subscribed to the event or no
 * destination exists; otherwise the id of a `pending` delivery that is due at once, whose
 * payload is serialised here once and signed with the tenant's current secret. The caller
 * makes the first attempt after commit (`ctx.defer(() => deliverNow(services, id))`).
 * A caller that read the tenant's endpoint settings in this transaction passes them as
 * `endpoint` (`TENANT_ENDPOINT` names the columns) and saves the read.
 */
export async function enqueueEvent(tx: Tx, e: EnqueueEventInput, endpoint?: TenantEndpoint): Promise<string | null> {
  const tenant = endpoint ?? (await readEndpoint(tx, e.tenantId));
  if (!tenant || !tenant.events.includes(e.event)) return null;
  const url = e.callbackUrl || tenant.url;
  if (!url) return null;
  const eventId = newId("event");
  const payload = serialisePayload({ id: eventId, type: e.event, session_id: e.sessionId, metadata: e.metadata, result: e.result, created_at: e.now.toISOString(), created_with: e.createdWith });
  const row = await insertDelivery(tx, {
    tenantId: e.tenantId,
    sessionId: e.sessionId,
    event: e.event,
    eventId,
    url,
    payload,
    signingSecret: tenant.secret,
    now: e.now,
  });
  return row.id;
}

/** The tenant's webhook columns, as `enqueueEvent` reads them (callers add these to a read of their own). */
export const TENANT_ENDPOINT = { url: schema.tenants.webhookUrl, events: schema.tenants.webhookEvents, secret: schema.tenants.webhookSecret };
export type TenantEndpoint = { url: string | null; events: string[]; secret: string };

async function readEndpoint(tx: Tx, tenantId: string): Promise<TenantEndpoint | undefined> {
  const [tenant] = await tx.select(TENANT_ENDPOINT).from(schema.tenants).where(eq(schema.tenants.id, tenantId));
  return tenant;
}
