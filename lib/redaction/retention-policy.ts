import { and, eq, isNull, sql } from "drizzle-orm";
import type { Ctx } from "../context";
import { withTx } from "../db";
import { files, tenants } from "../db/schema";
import { ApiError, invalidRequest } from "../errors";
import { issuesToFields } from "../validation";
import { retentionPolicyInput } from "./schemas";
import { retentionCeilingSeconds as ceilingSeconds } from "../files/retain-until";

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
