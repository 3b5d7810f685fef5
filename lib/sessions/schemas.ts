import { z } from "zod";
import { FAIL_REASONS } from "../../scanner/contract";
import { hasUnrepresentable } from "../text";
import { webhookUrlProblem } from "../webhooks/webhook-url";
import { PageReports } from "./page-report";

/** Serialised metadata cap (UTF-8 bytes of its JSON): generous for ids and references, not a document store. */
export const METADATA_MAX_BYTES = 16 * 1024;
const METADATA_MAX_DEPTH = 20;

const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/**
 * Opaque JSON object, kept as parsed (own `__proto__` keys included, so it is echoed as
 * sent). Refused: over the cap, nested past 20 levels, and strings Postgres jsonb cannot
 * hold (NUL, lone surrogates), so the request fails with 400 rather than at the insert.
 */
export const Metadata = z
  .unknown()
  .superRefine((value, ctx) => {
    if (!isPlainObject(value)) return void ctx.addIssue({ code: "custom", message: "must be a JSON object" });
    if (Buffer.byteLength(JSON.stringify(value)) > METADATA_MAX_BYTES) {
      return void ctx.addIssue({ code: "custom", message: `must serialise to at most ${METADATA_MAX_BYTES} bytes of JSON` });
    }
    const problem = jsonProblem(value, 0);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  })
  .transform((value) => value as Record<string, unknown>);

function jsonProblem(value: unknown, depth: number): string | null {
  if (depth > METADATA_MAX_DEPTH) return `must be nested at most ${METADATA_MAX_DEPTH} levels deep`;
  if (typeof value === "string") return storableString(value) ? null : "strings must not contain NUL or unpaired surrogates";
  if (typeof value !== "object" || value === null) return null;
  const entries = Array.isArray(value) ? value.map((v) => ["", v] as const) : Object.entries(value);
  for (const [key, inner] of entries) {
    if (!storableString(key)) return "keys must not contain NUL or unpaired surrogates";
    const problem = jsonProblem(inner, depth + 1);
    if (problem) return problem;
  }
  return null;
}

function storableString(s: string): boolean {
  return !hasUnrepresentable(s);
}

/** The webhook URL's rule (`webhookUrlProblem`): https, or http for localhost only. */
export const CallbackUrl = z.string().superRefine((value, ctx) => {
  const problem = webhookUrlProblem(value);
  if (problem) ctx.addIssue({ code: "custom", message: problem });
});

// `.meta` only describes a field in the API reference (lib/openapi); validation is unchanged.
export const CreateSessionInput = z.strictObject({
  metadata: Metadata.optional().meta({
    description: `Your JSON object (up to ${METADATA_MAX_BYTES / 1024} KB), echoed in reads and webhooks.`,
    override: { type: "object", additionalProperties: true },
    example: { order: "A-1001" },
  }),
  scanner_id: z.string().min(1).max(200).optional().meta({ description: "A scanner profile's id; the default profile when absent." }),
  scanner: z.unknown().optional().meta({ description: "ScannerSettings overrides for this session, merged over the profile.", override: { type: "object", additionalProperties: true } }),
  allowed_origins: z.array(z.string().max(2048)).max(50).optional().meta({ description: "Origins that may embed this session, within the account's allowlist." }),
  callback_url: CallbackUrl.optional().meta({ description: "Where this session's webhooks go instead of the account's endpoint (https, or http for localhost)." }),
});
export type CreateSessionInput = z.infer<typeof CreateSessionInput>;

export const PreviewSessionInput = z.strictObject({ scanner_id: z.string().min(1).max(200).optional() });
export type PreviewSessionInput = z.infer<typeof PreviewSessionInput>;

/**
 * The client token as the scanner sends it in a body. Absent, not a string or too long, it
 * reads as absent, which the verb answers `400 invalid_token` like any malformed token.
 */
const ClientTokenField = z
  .unknown()
  .optional()
  .transform((v) => (typeof v === "string" && v.length <= 4096 ? v : undefined))
  .meta({ description: "The session's client token.", override: { type: "string" } });
/** Analytics only: a positive integer, capped later by the session's `options.maxPages`. */
export const Pages = z.int("must be a positive integer").min(1, "must be a positive integer").max(100_000);

export const CompleteInput = z.strictObject({ session: ClientTokenField, pages: Pages.optional(), report: PageReports.optional() });
export type CompleteInput = z.infer<typeof CompleteInput>;

export const UploadJsonInput = z.strictObject({
  session: ClientTokenField,
  payload: z.string().optional(),
  pages: Pages.optional(),
  report: PageReports.optional(),
});
export type UploadJsonInput = z.infer<typeof UploadJsonInput>;

export const FailInput = z.strictObject({ session: ClientTokenField, reason: z.enum(FAIL_REASONS) });
export type FailInput = z.infer<typeof FailInput>;

