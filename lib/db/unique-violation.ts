/**
 * True when `err` (or the error it wraps: drizzle wraps driver errors) is Postgres'
 * unique violation (23505) on `constraint`. Works for `pg` and PGlite, whose errors both
 * carry `code` and `constraint`.
 */
export function isUniqueViolation(err: unknown, constraint: string): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, constraint: name, message } = e as { code?: unknown; constraint?: unknown; message?: unknown };
    if (code === "23505" && (name === constraint || String(message).includes(constraint))) return true;
  }
  return false;
}
