import { and, eq, isNull, sql } from "drizzle-orm";
import { z } from "zod";
import type { Ctx } from "../context";
import { withTx } from "../db";
import { files, tenants } from "../db/schema";
import { ApiError, invalidRequest } from "../errors";
import { issuesToFields } from "../validation";
import { retentionCeilingSeconds as ceilingSeconds } from "../files/retain-until";

/** The shortest document retention a policy may set. */
export const MIN_RETENTION_SECONDS = 60;
/** Auto-redaction after at most ten years. */
export const MAX_REDACT_AFTER_DAYS = 3650;

const whole = (min: number, max: number) =>
  z
    .number({ error: `must be a whole number from ${min} to ${max}, or null` })
    .int({ error: `must be a whole number from ${min} to ${max}, or null` })
    .min(min, { error: `must be a whole number from ${min} to ${max}, or null` })
    .max(max, { error: `must be a whole number from ${min} to ${max}, or null` })
    .nullable();

/**
 * `PUT /v1/dashboard/retention`: omitted fields keep their value, null clears one. The
 * document retention's upper bound is the operator's `FILE_RETENTION_SECONDS`, so the schema
 * is built per request; `RetentionPolicyInput` (no upper bound) is what the reference shows.
 */
export const retentionPolicyInput = (ceilingSeconds: number) =>
  z.strictObject({
    document_retention_seconds: whole(Math.min(MIN_RETENTION_SECONDS, ceilingSeconds), ceilingSeconds)
      .optional()
      .meta({ description: "How long documents are kept, in seconds, at most the operator's ceiling (`document_retention_ceiling_seconds`); null: the ceiling." }),
    redact_after_days: whole(1, MAX_REDACT_AFTER_DAYS)
      .optional()
      .meta({ description: "Redact finished sessions this many days after they finished; null: never (the default)." }),
  });
export const RetentionPolicyInput = retentionPolicyInput(Number.MAX_SAFE_INTEGER);
export type RetentionPolicyInput = z.infer<typeof RetentionPolicyInput>;

export interface RetentionPolicyView {
  document_retention_seconds: number | null;
  document_retention_ceiling_seconds: number;
  redact_after_days: number | null;
}

/** `GET /v1/dashboard/retention`. */
export async function getRetentionPolicy({ ctx, tenantId }: { ctx: Pick<Ctx, "db" | "config">; tenantId: string }): Promise<RetentionPolicyView> {
  const [row] = await ctx.db
    .select({ documentRetentionSeconds: tenants.documentRetentionSeconds, redactAfterDays: tenants.redactAfterDays })
    .from(tenants)
    .where(eq(tenants.id, tenantId));
  if (!row) throw new ApiError("not_found");
  return {
    document_retention_seconds: row.documentRetentionSeconds,
    document_retention_ceiling_seconds: ceilingSeconds(ctx.config),
    redact_after_days: row.redactAfterDays,
  };
}

/**
 * `PUT /v1/dashboard/retention`: saves the policy. A shorter document retention also
 * shortens the documents already kept (a data-protection choice applies to what is held);
 * a longer one applies to documents stored from now on. Auto-redaction is applied by the
 * scheduled run (lib/redaction/sweep-redactions.ts).
 */
export async function setRetentionPolicy({ ctx, tenantId, input }: { ctx: Ctx; tenantId: string; input: unknown }): Promise<RetentionPolicyView> {
  const parsed = retentionPolicyInput(ceilingSeconds(ctx.config)).safeParse(input);
  if (!parsed.success) throw invalidRequest(issuesToFields(parsed.error.issues));
  const { document_retention_seconds: seconds, redact_after_days: days } = parsed.data;
  await withTx(ctx.db, async (tx) => {
    await tx
      .update(tenants)
      .set({ ...(seconds !== undefined && { documentRetentionSeconds: seconds }), ...(days !== undefined && { redactAfterDays: days }) })
      .where(eq(tenants.id, tenantId));
    if (seconds == null) return;
    await tx
      .update(files)
      .set({ retainUntil: sql`least(${files.retainUntil}, ${files.createdAt} + make_interval(secs => ${seconds}))` })
      .where(and(eq(files.tenantId, tenantId), isNull(files.deletedAt)));
  });
  return getRetentionPolicy({ ctx, tenantId });
}
