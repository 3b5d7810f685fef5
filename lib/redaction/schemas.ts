import { z } from "zod";

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
