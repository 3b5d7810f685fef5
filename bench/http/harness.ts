/** What every benchmark case gets: the running app, a load generator and baseline servers. */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import autocannon from "autocannon";
import { sampleLockWaits } from "./lock-waits";
import { processesCpu, processesCpuMsSince, processTreeCpuMs } from "./process-cpu";

export interface Figures {
  rps: number;
  p50: number;
  p99: number;
  /** Requests that failed or answered an unexpected status. */
  errors: number;
  /** Server CPU per request (ms), when the server's pid was given. */
  cpuMsPerRequest?: number;
  /** The local PostgreSQL server's CPU per request (ms), with `databaseCpu`. */
  dbCpuMsPerRequest?: number;
  /** Mean number of the database's backends waiting on a lock during the load, with `lockWaitsIn` (bench/http/lock-waits.ts). */
  dbLockWaiting?: number;
}

export interface LoadOptions {
  url: string;
  method?: "GET" | "POST" | "PUT";
  headers?: Record<string, string>;
  body?: string | Buffer;
  connections?: number;
  /** Stop after this many requests instead of after the duration. */
  amount?: number;
  /** This run's length in seconds, instead of the bench's BENCH_DURATION_SECONDS. */
  durationSec?: number;
  expectStatus?: number;
  /** Seconds a request may take before it counts as an error (autocannon's default: 10). */
  timeoutSec?: number;
  /** The server's pid: its process tree's CPU time is sampled around the run. */
  serverPid?: number;
  /**
   * Sample the CPU time of every `postgres` process on this machine around the run too: the
   * database's CPU per request, when the database is local and only this load uses it.
   */
  databaseCpu?: boolean;
  /** Sample how many of this database's backends wait on a lock during the run. */
  lockWaitsIn?: string;
  /** Builds each request (for single-use tokens); overrides method/body/headers. */
  setupRequest?: (req: { method?: string; path?: string; headers?: Record<string, string>; body?: string | Buffer }) => object;
}

export interface BenchContext {
  backend: "embedded" | "postgres+redis";
  baseUrl: string;
  /** The app server's pid, for server CPU per request. */
  appPid: number;
  /** The real backends the app runs on (unset: embedded). */
  databaseUrl?: string;
  redisUrl?: string;
  /** Extra server environment the case was started with (e.g. CRON_SECRET). */
  env: Record<string, string>;
  durationSec: number;
  measure(options: LoadOptions): Promise<Figures>;
  /** A plain node:http server on a free port; closed when the run ends. */
  startBaseline(handler: (req: IncomingMessage, res: ServerResponse) => void): Promise<string>;
}

export interface Comparison {
  name: string;
  subject: Figures;
  baselineName: string;
  baseline: Figures;
  /**
   * Requests/s app ÷ baseline of each round, where the sides ran back to back: their spread is
   * how far one run's ratio of medians can be trusted.
   */
  roundRatios?: number[];
}

/** One figure that is not a load run (peak memory, start-up time), app beside baseline. */
export interface Pair {
  name: string;
  unit: string;
  app: number;
  baselineName: string;
  baseline: number;
}

export interface BenchCase {
  name: string;
  run(ctx: BenchContext): Promise<(Comparison | Pair)[]>;
}

/** Drives load with autocannon and reports requests/s and latency percentiles (ms). */
export async function measure(durationSec: number, options: LoadOptions): Promise<Figures> {
  const expected = options.expectStatus ?? 200;
  let unexpected = 0;
  let answered = 0;
  const cpuBefore = options.serverPid ? processTreeCpuMs(options.serverPid) : null;
  const dbCpuBefore = options.databaseCpu ? processesCpu("postgres") : null;
  const lockWaits = options.lockWaitsIn ? await sampleLockWaits(options.lockWaitsIn) : null;
  const startedAt = performance.now();
  let lastAnswerAt = startedAt;
  const result = await autocannon({
    url: options.url,
    method: options.method ?? "GET",
    headers: options.headers,
    body: options.body,
    connections: options.connections ?? 10,
    ...(options.timeoutSec && { timeout: options.timeoutSec }),
    ...(options.amount ? { amount: options.amount } : { duration: options.durationSec ?? durationSec }),
    requests: options.setupRequest ? [{ setupRequest: options.setupRequest as never }] : undefined,
    setupClient: (client) => {
      client.on("response", (status: number) => {
        lastAnswerAt = performance.now();
        answered++;
        if (status !== expected) unexpected++;
      });
    },
  });
  const cpuAfter = options.serverPid ? processTreeCpuMs(options.serverPid) : null;
  // The sampler's own queries (about 50 a second) are not the load's database work.
  const dbCpuMs = dbCpuBefore ? processesCpuMsSince(dbCpuBefore, "postgres", new Set(lockWaits ? [lockWaits.backendPid] : [])) : null;
  const dbLockWaiting = lockWaits ? await lockWaits.stop() : null;
  const served = result.requests.total;
  return {
    // Accepted (answered with the expected status) over the time from the start to the last
    // answer, timed here: autocannon ends a run, and stamps its `duration`, only at its next
    // one-second tick, so 150 uploads in 3.05 s read as 150 / 4 = 37.5 a second, in 2.95 s as
    // 50. Refusals (an upload's 503) are errors, not throughput.
    rps: (answered - unexpected) / Math.max((lastAnswerAt - startedAt) / 1000, 1e-3),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + unexpected,
    ...(cpuBefore !== null && cpuAfter !== null && served > 0 && { cpuMsPerRequest: (cpuAfter - cpuBefore) / served }),
    ...(dbCpuMs !== null && served > 0 && { dbCpuMsPerRequest: dbCpuMs / served }),
    ...(dbLockWaiting !== null && { dbLockWaiting }),
  };
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b), mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** Each figure's median over repeated measurements of one side (errors are summed). */
export function medianFigures(runs: Figures[]): Figures {
  const cpu = runs.flatMap((r) => (r.cpuMsPerRequest === undefined ? [] : [r.cpuMsPerRequest]));
  const dbCpu = runs.flatMap((r) => (r.dbCpuMsPerRequest === undefined ? [] : [r.dbCpuMsPerRequest]));
  const lockWaiting = runs.flatMap((r) => (r.dbLockWaiting === undefined ? [] : [r.dbLockWaiting]));
  return {
    rps: median(runs.map((r) => r.rps)),
    p50: median(runs.map((r) => r.p50)),
    p99: median(runs.map((r) => r.p99)),
    errors: runs.reduce((n, r) => n + r.errors, 0),
    ...(cpu.length === runs.length && { cpuMsPerRequest: median(cpu) }),
    ...(dbCpu.length === runs.length && { dbCpuMsPerRequest: median(dbCpu) }),
    ...(lockWaiting.length === runs.length && { dbLockWaiting: median(lockWaiting) }),
  };
}

export function startHttpServer(handler: (req: IncomingMessage, res: ServerResponse) => void): Promise<{ url: string; close(): Promise<void> }> {
  const server = createServer(handler);
  server.keepAliveTimeout = 10_000;
  return new Promise((resolve) => {
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      resolve({ url: `http://127.0.0.1:${port}`, close: () => new Promise((r) => server.close(() => r())) });
    });
  });
}

const fmt = (n: number, digits = 1) => n.toFixed(digits);
/** autocannon's latencies are whole milliseconds: a ratio against "0 ms" is floored at 1 ms. */
const latencyRatio = (app: number, base: number) => fmt(Math.max(app, 1) / Math.max(base, 1), 2);

/** One line per figure: app and baseline side by side, with their ratio. */
export function formatComparison(backend: string, c: Comparison | Pair): string[] {
  const prefix = `bench ${backend} ${c.name}`;
  if ("unit" in c) return [`${prefix} ${c.unit}: app ${fmt(c.app)}, ${c.baselineName} ${fmt(c.baseline)}, ratio ${fmt(c.app / c.baseline, 2)}`];
  return [
    `${prefix} req/s: app ${fmt(c.subject.rps, 0)}, ${c.baselineName} ${fmt(c.baseline.rps, 0)}, ratio ${fmt(c.subject.rps / c.baseline.rps, 3)}`,
    `${prefix} p50 ms: app ${fmt(c.subject.p50)}, ${c.baselineName} ${fmt(c.baseline.p50)}, ratio ${latencyRatio(c.subject.p50, c.baseline.p50)}`,
    `${prefix} p99 ms: app ${fmt(c.subject.p99)}, ${c.baselineName} ${fmt(c.baseline.p99)}, ratio ${latencyRatio(c.subject.p99, c.baseline.p99)}`,
    ...(c.roundRatios ? [`${prefix} req/s ratio of each round: ${c.roundRatios.map((r) => fmt(r, 3)).join(", ")} (median ${fmt(median(c.roundRatios), 3)})`] : []),
    `${prefix} errors: app ${c.subject.errors}, ${c.baselineName} ${c.baseline.errors}`,
    ...(c.subject.cpuMsPerRequest !== undefined && c.baseline.cpuMsPerRequest !== undefined
      ? [`${prefix} server CPU ms/req: app ${fmt(c.subject.cpuMsPerRequest, 2)}, ${c.baselineName} ${fmt(c.baseline.cpuMsPerRequest, 2)}, ratio ${fmt(c.subject.cpuMsPerRequest / c.baseline.cpuMsPerRequest, 2)}`]
      : []),
    ...(c.subject.dbCpuMsPerRequest !== undefined && c.baseline.dbCpuMsPerRequest !== undefined
      ? [`${prefix} database CPU ms/req: app ${fmt(c.subject.dbCpuMsPerRequest, 2)}, ${c.baselineName} ${fmt(c.baseline.dbCpuMsPerRequest, 2)}, ratio ${fmt(c.subject.dbCpuMsPerRequest / c.baseline.dbCpuMsPerRequest, 2)}`]
      : []),
    // No ratio: an unlocked baseline waits on nothing.
    ...(c.subject.dbLockWaiting !== undefined && c.baseline.dbLockWaiting !== undefined
      ? [`${prefix} database backends waiting on a lock (mean): app ${fmt(c.subject.dbLockWaiting, 2)}, ${c.baselineName} ${fmt(c.baseline.dbLockWaiting, 2)}`]
      : []),
  ];
}
