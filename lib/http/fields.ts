import type { z } from "zod";
import type { FieldErrors } from "../errors";

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
