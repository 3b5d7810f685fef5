import { index, integer, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { ts } from "./columns";
import { tenants } from "./tenants";

/**
 * One row per `Idempotency-Key` a tenant sent to an endpoint (lib/idempotency): the request's
 * fingerprint and, once the work succeeded, its answer. `status` is null while the first
 * request is still working. Rows older than a day are deleted by the scheduled run.
 */
export const idempotencyKeys = pgTable(
  "idempotency_keys",
  {
    tenantId: text("tenant_id").notNull().references(() => tenants.id),
    /** `POST /v1/sessions`, `POST /v1/dashboard/credits/topup`: a key is scoped to one endpoint. */
    endpoint: text("endpoint").notNull(),
    key: text("key").notNull(),
    /** SHA-256 of the validated request: the same key with another request is refused. */
    requestHash: text("request_hash").notNull(),
    status: integer("status"),
    /** The JSON body answered, kept to answer the same request again. */
    response: text("response"),
    createdAt: ts("created_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.endpoint, t.key] }), index("idempotency_keys_created_idx").on(t.createdAt)],
);
