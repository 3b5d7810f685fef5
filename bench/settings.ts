/**
 * The bench's numeric settings (BENCH_ROUNDS, BENCH_WARMUP_SECONDS, ...), read from the
 * environment. A value that is not a positive number stops the run with its name: Number("abc")
 * is NaN, which autocannon took as "no duration" and Math.max(1, NaN) let through.
 */
export function positiveSetting(name: string, fallback: number, options: { integer?: boolean } = {}): number {
  const raw = process.env[name];
  if (raw === undefined || raw.trim() === "") return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0 || (options.integer && !Number.isInteger(value))) {
    throw new Error(`${name} must be a positive ${options.integer ? "whole number" : "number"}; got "${raw}"`);
  }
  return value;
}

/** Command-line flags, split on whitespace; set and empty means none, unset means `fallback`. */
export function flagsSetting(name: string, fallback: string[]): string[] {
  const raw = process.env[name];
  return raw === undefined ? fallback : raw.split(/\s+/).filter(Boolean);
}
