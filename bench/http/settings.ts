/**
 * The bench's settings, read from the environment: numbers, flags and choices. A numeric value
 * that is not a positive number stops the run with its name: Number("abc") is NaN, which
 * autocannon took as "no duration" and Math.max(1, NaN) let through.
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

/**
 * A comma-separated choice among `allowed` (BENCH_CASES, BENCH_INSTRUCTION_ENDPOINTS); unset, or
 * naming nothing (blank, only commas), means `fallback`. A name not in `allowed` stops the run
 * with the names it takes: a typo used to select nothing, and the run measured nothing without
 * saying so.
 */
export function choicesSetting<T extends string>(name: string, allowed: readonly T[], fallback: readonly T[]): T[] {
  const chosen = (process.env[name] ?? "").split(",").map((s) => s.trim()).filter(Boolean);
  if (chosen.length === 0) return [...fallback];
  const unknown = chosen.filter((c) => !(allowed as readonly string[]).includes(c));
  if (unknown.length > 0) throw new Error(`${name} takes ${allowed.join(", ")}; got "${unknown.join(", ")}"`);
  return chosen as T[];
}

/**
 * A list of CPU numbers such as `1` or `2-3,5` (BENCH_SERVER_CPUS): each number it covers, or
 * null when unset. Anything else, or a CPU this machine does not have, stops the run.
 */
export function cpuListSetting(name: string, cpuCount: number): number[] | null {
  const raw = (process.env[name] ?? "").trim();
  if (raw === "") return null;
  if (!/^\d+(-\d+)?(,\d+(-\d+)?)*$/.test(raw)) throw new Error(`${name} takes CPU numbers such as 1 or 2-3,5; got "${raw}"`);
  const cpus = new Set<number>();
  for (const part of raw.split(",")) {
    const [from, to = from] = part.split("-").map(Number);
    if (to < from) throw new Error(`${name}: the range ${part} runs backwards`);
    for (let cpu = from; cpu <= to; cpu++) cpus.add(cpu);
  }
  const list = [...cpus].sort((a, b) => a - b);
  if (list.some((cpu) => cpu >= cpuCount)) throw new Error(`${name}: this machine has CPUs 0-${cpuCount - 1}; got "${raw}"`);
  if (list.length === cpuCount) throw new Error(`${name} must leave at least one CPU for the load generator; got "${raw}"`);
  return list;
}
