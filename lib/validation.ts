import { z } from "zod";
import type { FieldErrors } from "./errors";

/**
 * Validation helpers every domain shares (a neutral home: no domain or HTTP imports).
 */

/** An enum field that says "is required" when absent (zod's default names the options instead). */
export const requiredEnum = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, { error: (issue) => (issue.input === undefined ? "is required" : `must be one of ${values.join(", ")}`) });

/** A list endpoint's `limit`: default 50; above 200 reads as 200. */
export const ListLimit = z.coerce
  .number({ error: "must be a whole number from 1 to 200" })
  .int({ error: "must be a whole number from 1 to 200" })
  .min(1, { error: "must be a whole number from 1 to 200" })
  .transform((n) => Math.min(n, 200))
  .default(50);

/** A list endpoint's query. */
export const ListQuery = z.object({ limit: ListLimit.meta({ description: "1 to 200; default 50" }) });

/**
 * Every zod issue as `fields`, keyed by dotted path (`theme.accent`, `allowed_origins.0`);
 * root-level problems are keyed `body`. The first message per path wins.
 */
export function issuesToFields(issues: readonly z.core.$ZodIssue[], prefix = ""): FieldErrors {
  // A null-prototype object: a user's unknown key named `__proto__` must be reported, not
  // read as Object.prototype and dropped.
  const fields: FieldErrors = Object.create(null);
  for (const issue of issues) {
    for (const key of issueKeys(issue)) {
      const path = [prefix, key].filter(Boolean).join(".") || "body";
      fields[path] ??= issueMessage(issue);
    }
  }
  return { ...fields };
}

function issueKeys(issue: z.core.$ZodIssue): string[] {
  const base = issue.path.map(String).join(".");
  // Unknown keys are reported at their own path, so the caller sees which key to remove.
  if (issue.code === "unrecognized_keys") return issue.keys.map((k) => [base, k].filter(Boolean).join("."));
  return [base];
}

function issueMessage(issue: z.core.$ZodIssue): string {
  if (issue.code === "unrecognized_keys") return "is not a known field";
  // zod 4 leaves `input` out of issues unless asked; its message names what it received.
  if (issue.code === "invalid_type" && / received undefined$/.test(issue.message)) return "is required";
  return issue.message;
}
