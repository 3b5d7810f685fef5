/**
 * CPU time and peak memory of a server process and its descendants, read from /proc (Linux).
 * CPU sampled before and after a measurement gives server CPU per request, the figure a
 * serverless bill (active CPU time) follows. Both return null where /proc is absent.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";

/** Linux's USER_HZ: /proc reports CPU time in 1/100 s. */
const TICKS_PER_SECOND = 100;

interface Stat {
  command: string;
  ppid: number;
  ticks: number;
}

function readStat(pid: string): Stat | null {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, "utf8");
    // "pid (command) state ppid ... utime(14) stime(15)"; the command may hold spaces and parentheses.
    const close = text.lastIndexOf(")");
    const fields = text.slice(close + 2).split(" ");
    return { command: text.slice(text.indexOf("(") + 1, close), ppid: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]) };
  } catch {
    return null; // the process ended between listing and reading
  }
}

function allProcesses(): Map<number, Stat> {
  const stats = new Map<number, Stat>();
  for (const entry of readdirSync("/proc").filter((e) => /^\d+$/.test(e))) {
    const stat = readStat(entry);
    if (stat) stats.set(Number(entry), stat);
  }
  return stats;
}

/** `pid` and every process below it, with their stats. */
function processTree(pid: number): Map<number, Stat> {
  const stats = allProcesses();
  const inTree = (p: number): boolean => p === pid || (p > 1 && stats.has(p) && inTree(stats.get(p)!.ppid));
  return new Map([...stats].filter(([p]) => inTree(p)));
}

/** CPU milliseconds used so far by `pid` and every process below it. */
export function processTreeCpuMs(pid: number): number | null {
  if (!existsSync("/proc/self/stat")) return null;
  let ticks = 0;
  for (const stat of processTree(pid).values()) ticks += stat.ticks;
  return (ticks * 1000) / TICKS_PER_SECOND;
}

/** CPU ticks used so far by every process named `command` on this machine, by pid. */
export function processesCpu(command: string): Map<number, number> | null {
  if (!existsSync("/proc/self/stat")) return null;
  const ticks = new Map<number, number>();
  for (const [pid, stat] of allProcesses()) if (stat.command === command) ticks.set(pid, stat.ticks);
  return ticks;
}

/**
 * CPU milliseconds the processes named `command` used since `before` (from `processesCpu`):
 * the local PostgreSQL server's backends and background workers for "postgres". Counted per
 * process, so a connection that closed in between loses only its own last moments instead of
 * taking its whole past off the total. `exclude`: processes that are not the load's (the bench's
 * own lock-wait sampler).
 */
export function processesCpuMsSince(before: Map<number, number>, command: string, exclude: ReadonlySet<number> = new Set()): number {
  let ticks = 0;
  for (const [pid, now] of processesCpu(command) ?? []) if (!exclude.has(pid)) ticks += now - (before.get(pid) ?? 0);
  return (ticks * 1000) / TICKS_PER_SECOND;
}

/** Peak resident memory so far (VmHWM, MB) of `pid` and every process below it, summed. */
export function processTreePeakRssMb(pid: number): number | null {
  if (!existsSync("/proc/self/status")) return null;
  let kb = 0;
  for (const p of processTree(pid).keys()) {
    try {
      kb += Number(/VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${p}/status`, "utf8"))?.[1] ?? 0);
    } catch {
      // the process ended meanwhile
    }
  }
  return kb / 1024;
}
