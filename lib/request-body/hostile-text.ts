import { ApiError, invalidRequest } from "../errors";
import { hasUnrepresentable, replaceUnrepresentable, UNREPRESENTABLE_MESSAGE } from "../text";

/**
 * Deepest nesting a JSON body may have, counting the body object itself. Metadata and
 * scanner settings are shallow by nature; a limit keeps recursive code (merge, zod, the
 * driver's serialiser) far from the stack limit whatever a caller sends.
 */
export const MAX_JSON_DEPTH = 32;

/**
 * Whether JSON text nests deeper than `limit`, found by one pass over the characters
 * before `JSON.parse` builds anything (brackets inside strings do not count). Text with
 * no more than `limit` opening brackets cannot nest deeper, and counting them is a native
 * search: a 2.7 MB base64 upload is then not walked character by character in JavaScript
 * (that walk was a third of the upload's CPU).
 */
export function exceedsJsonDepth(text: string, limit = MAX_JSON_DEPTH): boolean {
  if (openingBrackets(text, limit + 1) <= limit) return false;
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      if (++depth > limit) return true;
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return false;
}

// Occurrences of `{` and `[` in the text, counted up to `atMost`.
function openingBrackets(text: string, atMost: number): number {
  let n = 0;
  for (const bracket of ["{", "["]) {
    for (let i = text.indexOf(bracket); i >= 0 && n < atMost; i = text.indexOf(bracket, i + 1)) n++;
  }
  return n;
}

/**
 * The dotted path of the first string (key or value) in a parsed JSON value that holds an
 * unrepresentable character, or null. Iterative, so depth costs no stack.
 */
export function findUnrepresentable(value: unknown): string | null {
  const stack: [unknown, string][] = [[value, ""]];
  while (stack.length > 0) {
    const [node, at] = stack.pop()!;
    if (typeof node === "string") {
      if (hasUnrepresentable(node)) return at || "body";
    } else if (Array.isArray(node)) {
      node.forEach((item, i) => stack.push([item, join(at, String(i))]));
    } else if (node !== null && typeof node === "object") {
      for (const [key, item] of Object.entries(node)) {
        if (hasUnrepresentable(key)) return join(at, replaceUnrepresentable(key));
        stack.push([item, join(at, key)]);
      }
    }
  }
  return null;
}

function join(at: string, key: string): string {
  return at ? `${at}.${key}` : key;
}

/** `400 invalid_request` at the field whose text cannot be stored; nothing when all is well. */
export function assertRepresentable(value: unknown): void {
  const at = findUnrepresentable(value);
  if (at !== null) throw invalidRequest({ [at]: UNREPRESENTABLE_MESSAGE }, "The request contains characters that cannot be stored.");
}

/**
 * Route params: an id that cannot be stored names no object (`404`). Query values are left
 * to each route's schema: those that reach the database as text (the session list's `q`)
 * refuse such characters there, and some must fall back rather than fail (analytics `days`).
 */
export function assertRepresentableParams(params: Record<string, string>): void {
  if (Object.values(params).some((v) => hasUnrepresentable(String(v)))) throw new ApiError("not_found");
}
