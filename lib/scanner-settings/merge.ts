import type { FieldErrors } from "../errors";
import { CLEARABLE_PATHS, FORBIDDEN_KEYS } from "./schema";

type Plain = Record<string, unknown>;

export function isPlainObject(value: unknown): value is Plain {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/**
 * Deep-merges `patch` over `base` into a fresh object: objects merge, anything else
 * replaces (so a wrongly typed value reaches the schema and is reported at its path),
 * `null` on a clearable optional field removes it. Prototype keys are never copied; they
 * are recorded in `problems` by path. Neither input is mutated.
 */
export function mergeSettings(base: unknown, patch: Plain, problems: FieldErrors, path: string[] = []): Plain {
  const out: Plain = isPlainObject(base) ? copyPlain(base) : {};
  for (const key of Object.keys(patch)) {
    const at = [...path, key];
    if (FORBIDDEN_KEYS.has(key)) {
      problems[at.join(".")] ??= "is not allowed";
      continue;
    }
    const value = patch[key];
    if (value === null && CLEARABLE_PATHS.has(at.join("."))) delete out[key];
    else if (isPlainObject(value)) out[key] = mergeSettings(out[key], value, problems, at);
    else out[key] = value;
  }
  return out;
}

function copyPlain(value: Plain): Plain {
  const out: Plain = {};
  for (const [key, child] of Object.entries(value)) {
    if (FORBIDDEN_KEYS.has(key)) continue;
    out[key] = isPlainObject(child) ? copyPlain(child) : child;
  }
  return out;
}
