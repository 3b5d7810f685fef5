/**
 * Session hot paths, each beside two baselines in the same run: a plain node:http server
 * doing the irreducible part (answer a canned body; for the upload, parse, decode and write
 * 2 MB), and a node:http server running the same lib verbs on the same kind of database
 * ("same database work"), whose ratio isolates the Next request pipeline.
 */
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { writeFile } from "node:fs/promises";
import { cpus, tmpdir } from "node:os";
import path from "node:path";
import type { IncomingMessage } from "node:http";
import { startBareNext, type BareNext } from "../baselines/bare-next";
import { startSessionVerbsBaseline, type SessionVerbsBaseline } from "../baselines/session-verbs";
import { median, medianFigures, type BenchCase, type BenchContext, type Comparison, type Figures, type Pair } from "../harness";
import { processTreePeakRssMb } from "../process-cpu";
import { choicesSetting, cpuListSetting, flagsSetting, positiveSetting } from "../settings";
import { startAppServer } from "../../../scripts/app-server";

const UPLOAD_BYTES = 2 * 1024 * 1024;
const UPLOADS = 150;
/** Alternating rounds per side against bare Next (BENCH_ROUNDS, default 3); each figure is the median. */
const ROUNDS = positiveSetting("BENCH_ROUNDS", 3, { integer: true });
/**
 * Fresh pairs of servers (ours and bare Next) the comparison runs its loads on, one pair after
 * the other (BENCH_PAIRS, default 3). A fresh process of either side served the same status poll
 * at 0.65 ms of CPU or at 1.1 ms for half a minute past its warm-up, so one pair's ratio was a
 * draw of those states (0.79 and 1.07 for the same code ten minutes apart): the medians are
 * taken over every kept round of every pair.
 */
const PAIRS = positiveSetting("BENCH_PAIRS", 3, { integer: true });
/**
 * Seconds of each timed load a fresh server gets before the kept rounds (BENCH_WARMUP_SECONDS,
 * default 30). Under one continuous creation load, both sides' CPU per request kept falling for
 * 25-30 s before it settled (7 Dec, 5 s windows on fresh processes: ours 2,346 -> 1,391 -> 932
 * -> ~950 µs, bare Next 1,883 -> 1,154 -> 1,290 -> ~1,000 µs; docs/benchmarks.md). With 15 s,
 * the kept rounds fell on that slope, where one side's round costing 1.3x the next was how far
 * its process had come, not what a server that keeps running costs.
 */
const WARMUP_SECONDS = positiveSetting("BENCH_WARMUP_SECONDS", 30);
/**
 * Node flags both servers of the bare-Next comparison start with (BENCH_NODE_FLAGS; set it
 * empty for Node's defaults). The sides alternate, so each server idles 5 s or more before
 * each of its rounds, and V8's memory reducer shrinks an idle heap: which side it caught, and
 * how long the slow heap growth after it lasted, decided a round (traced 28 Nov: ours stayed
 * in a mark-compact every ~3 s for a minute after one). A server under steady load does not
 * idle between its requests, so the comparison runs without it, on both sides alike.
 */
const NODE_FLAGS = flagsSetting("BENCH_NODE_FLAGS", ["--no-memory-reducer"]);
/**
 * CPUs the servers of the bare-Next comparison run on (BENCH_SERVER_CPUS, e.g. `1`; default
 * unpinned); the bench's own process, which generates the load, is moved to the others for the
 * comparison. Both sides get the same CPUs. Unpinned, the server, autocannon, Postgres and Redis
 * share the machine's cores as the scheduler pleases, and which of them shared a core with the
 * server moved its CPU per request.
 */
const CPU_COUNT = cpus().length;
const SERVER_CPUS = cpuListSetting("BENCH_SERVER_CPUS", CPU_COUNT);
const serverWrap = SERVER_CPUS ? ["taskset", "-c", SERVER_CPUS.join(",")] : undefined;

/** The CPUs this process may run on (`Cpus_allowed_list` in /proc), or null where /proc does not say. */
function allowedCpus(): number[] | null {
  try {
    const line = /^Cpus_allowed_list:\s*(\S+)$/m.exec(readFileSync("/proc/self/status", "utf8"))?.[1];
    if (!line) return null;
    return line.split(",").flatMap((part) => {
      const [from, to = from] = part.split("-").map(Number);
      return Array.from({ length: to - from + 1 }, (_, i) => from + i);
    });
  } catch {
    return null;
  }
}

/** Moves every thread of this process onto `list` (the load generator off the servers' CPUs). */
function pinThisProcess(list: number[]): void {
  const pinned = spawnSync("taskset", ["-a", "-p", "-c", list.join(","), String(process.pid)], { stdio: "ignore" });
  if (pinned.status !== 0) throw new Error(`taskset could not pin the bench to CPUs ${list.join(",")} (exit ${pinned.status}): is util-linux installed?`);
}

/**
 * The loads of the bare-Next comparison to run (BENCH_BARE_NEXT=create,create-minimal,status,upload,cold;
 * default all). `create-minimal` runs our creation against the baseline's minimal opening
 * (bench/http/bare-next/app/v1/minimal), which does less than the spec's: no check of the body,
 * no scanner settings, no credit held.
 */
const BARE_NEXT_LOADS = ["create", "create-minimal", "status", "upload", "cold"] as const;
const bareNextLoads = choicesSetting("BENCH_BARE_NEXT", BARE_NEXT_LOADS, BARE_NEXT_LOADS);
/**
 * Connections of the upload load against bare Next: a burst of phones twice the default
 * upload slots (MAX_CONCURRENT_UPLOADS, 16), so admission's queue is part of what is measured.
 */
const UPLOAD_CONNECTIONS = 32;

export interface Tenant {
  secretKey: string;
}

export const sessionsCase: BenchCase = {
  name: "sessions",
  async run(ctx) {
    const tenant = await newTenant(ctx.baseUrl);
    const verbs = await startSessionVerbsBaseline(ctx);
    try {
      return [
        await createCase(ctx, tenant),
        await createSameWorkCase(ctx, tenant, verbs),
        await statusCase(ctx, tenant),
        await statusSameWorkCase(ctx, tenant, verbs),
        await uploadCase(ctx, tenant),
        ...(ctx.databaseUrl && ctx.redisUrl ? await bareNextCases(ctx, ctx.databaseUrl, ctx.redisUrl) : []),
      ];
    } finally {
      await verbs.close();
    }
  },
};

function isLocal(databaseUrl: string): boolean {
  return ["localhost", "127.0.0.1", "[::1]"].includes(new URL(databaseUrl).hostname);
}

/**
 * Ours against bench/http/bare-next on the same Postgres and Redis, 32 connections, each side with
 * its own tenant (the upload debits credits), server CPU per request sampled from /proc. Ours
 * is a fresh server too, so both sides serve this comparison with the same history (the run's
 * shared server has taken the cases before, 150 uploads of 2 MiB among them).
 */
async function bareNextCases(ctx: BenchContext, databaseUrl: string, redisUrl: string): Promise<(Comparison | Pair)[]> {
  const pinning = SERVER_CPUS ? `, servers on CPU ${SERVER_CPUS.join(",")} and the load generator on the rest (BENCH_SERVER_CPUS)` : "";
  console.log(`bench ${ctx.backend}: ours and bare Next start with node ${NODE_FLAGS.join(" ") || "(no flags)"} (BENCH_NODE_FLAGS), ${PAIRS} fresh pair(s) of servers (BENCH_PAIRS)${pinning}`);
  // The CPUs this process may use now (a container may allow fewer than the machine has): the rest go back to it after.
  const allowed = allowedCpus() ?? Array.from({ length: CPU_COUNT }, (_, cpu) => cpu);
  if (SERVER_CPUS) {
    const others = allowed.filter((cpu) => !SERVER_CPUS.includes(cpu));
    if (others.length === 0) throw new Error(`BENCH_SERVER_CPUS=${SERVER_CPUS.join(",")} leaves none of this process's CPUs (${allowed.join(",")}) for the load generator`);
    pinThisProcess(others);
  }
  try {
    return await comparePairs(ctx, databaseUrl, redisUrl);
  } finally {
    if (SERVER_CPUS) pinThisProcess(allowed);
  }
}

async function comparePairs(ctx: BenchContext, databaseUrl: string, redisUrl: string): Promise<(Comparison | Pair)[]> {
  const vs = "bare Next";
  const tenants = { ours: await newTenant(ctx.baseUrl), theirs: await newTenant(ctx.baseUrl) };
  const loads = [
    ...(bareNextLoads.includes("create") ? [{ name: "POST /v1/sessions vs bare Next", load: createLoad(ctx) }] : []),
    ...(bareNextLoads.includes("create-minimal") ? [{ name: "POST /v1/sessions vs bare Next's minimal opening", load: createLoad(ctx, "/v1/minimal/sessions") }] : []),
    ...(bareNextLoads.includes("status") ? [{ name: "GET /v1/sessions/:id/status vs bare Next", load: statusLoad(ctx) }] : []),
    ...(bareNextLoads.includes("upload") ? [{ name: `POST /v1/scanner/upload (2 MB, ${UPLOAD_CONNECTIONS} connections) vs bare Next`, load: uploadLoad(ctx) }] : []),
  ];
  // Per load: each pair's warm-ups (reported, not kept) and every kept round of every pair.
  const kept = loads.map(() => ({ warmups: [] as Comparison[], subject: [] as Figures[], baseline: [] as Figures[] }));
  let peakRss: Pair | undefined;
  for (let pair = 0; pair < PAIRS; pair++) {
    const app = await startAppServer({ databaseUrl, redisUrl, env: ctx.env, output: "ignore", nodeFlags: NODE_FLAGS, wrap: serverWrap });
    let bare: BareNext | undefined;
    try {
      bare = await startBareNext(databaseUrl, redisUrl, { nodeFlags: NODE_FLAGS, build: pair === 0, wrap: serverWrap });
      const ours: Side = { base: app.baseUrl, pid: app.pid, tenant: tenants.ours, databaseUrl, bare: false };
      const theirs: Side = { base: bare.url, pid: bare.pid, tenant: tenants.theirs, databaseUrl, bare: true };
      for (const [i, { name, load }] of loads.entries()) {
        // Both servers are fresh, so each side's first run of a load is its warm-up (WARMUP_SECONDS;
        // the upload's is one round of UPLOADS), reported on its own line and not kept.
        kept[i].warmups.push({ name: `${name}, warm-up${PAIRS > 1 ? ` (pair ${pair + 1})` : ""}`, subject: await load(ours, WARMUP_SECONDS), baselineName: vs, baseline: await load(theirs, WARMUP_SECONDS) });
        // One 5 s measurement per side swung ±15 % between runs: alternate the sides ROUNDS times.
        for (let r = 0; r < ROUNDS; r++) {
          kept[i].subject.push(await load(ours));
          kept[i].baseline.push(await load(theirs));
        }
      }
      // The loads' last one (the upload when it runs) set each process's peak.
      if (pair === PAIRS - 1) peakRss = { name: "peak RSS after the loads vs bare Next", unit: "MB", app: processTreePeakRssMb(app.pid) ?? NaN, baselineName: vs, baseline: processTreePeakRssMb(bare.pid) ?? NaN };
    } finally {
      await bare?.close();
      await app.stop();
    }
  }
  // Each figure is the median over every kept round of every pair; the rounds' own ratios follow, pair after pair.
  const loaded: (Comparison | Pair)[] = loads.flatMap(({ name }, i) => {
    const { warmups, subject, baseline } = kept[i];
    return [...warmups, { name, subject: medianFigures(subject), baselineName: vs, baseline: medianFigures(baseline), roundRatios: subject.map((s, r) => s.rps / baseline[r].rps) }];
  });
  if (peakRss) loaded.push(peakRss);
  return [...loaded, ...(bareNextLoads.includes("cold") ? [await coldStart(ctx, databaseUrl, redisUrl)] : [])];
}

/** One side of the bare-Next comparison: its server, its process (for CPU per request), its tenant. */
interface Side {
  base: string;
  pid: number;
  tenant: Tenant;
  databaseUrl: string;
  /** bench/http/bare-next's server (which also serves the minimal opening) */
  bare: boolean;
}

type SideLoad = (side: Side, durationSec?: number) => Promise<Figures>;

/**
 * Postgres's own CPU per request, when it runs on this machine, and its backends waiting on
 * locks (sides alternate, so each run's figures are one side's).
 */
const databaseFigures = (side: Side) => ({ databaseCpu: isLocal(side.databaseUrl), lockWaitsIn: side.databaseUrl });

/** Creation at `/v1/sessions`, or on bare Next's side at `barePath`. */
function createLoad(ctx: BenchContext, barePath = "/v1/sessions"): SideLoad {
  return (side, durationSec) =>
    ctx.measure({
      durationSec,
      url: `${side.base}${side.bare ? barePath : "/v1/sessions"}`,
      method: "POST",
      connections: 32,
      serverPid: side.pid,
      ...databaseFigures(side),
      headers: { authorization: `Bearer ${side.tenant.secretKey}`, "content-type": "application/json" },
      body: JSON.stringify({ metadata: { order: "bench" } }),
      expectStatus: 201,
    });
}

function statusLoad(ctx: BenchContext): SideLoad {
  return async (side, durationSec) => {
    const s = await createSession(side.base, side.tenant);
    return ctx.measure({ url: `${side.base}/v1/sessions/${s.id}/status?t=${encodeURIComponent(s.client_token)}`, durationSec, connections: 32, serverPid: side.pid, ...databaseFigures(side) });
  };
}

function uploadLoad(ctx: BenchContext): SideLoad {
  const payload = Buffer.concat([Buffer.from("%PDF-1.7\n"), Buffer.alloc(UPLOAD_BYTES - 9, 0x20)]).toString("base64");
  return async (side) => {
    const tokens: string[] = [];
    for (let i = 0; i < UPLOADS; i++) tokens.push((await createSession(side.base, side.tenant)).client_token);
    let i = 0;
    const setupRequest = (req: object) => ({ ...req, method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ session: tokens[i++], payload }) });
    return ctx.measure({ url: `${side.base}/v1/scanner/upload`, method: "POST", connections: UPLOAD_CONNECTIONS, amount: UPLOADS, serverPid: side.pid, ...databaseFigures(side), setupRequest });
  };
}

const COLD_STARTS = 3;

/**
 * What a new serverless instance costs: from spawning the server process to its first
 * answered POST /v1/sessions (201), polled every 25 ms; the median of COLD_STARTS starts per
 * side, alternating. The tenant and key exist beforehand, as they would in production.
 */
async function coldStart(ctx: BenchContext, databaseUrl: string, redisUrl: string): Promise<Pair> {
  const tenant = await newTenant(ctx.baseUrl);
  // Throws until the server answers 201; the start-up loop retries.
  const firstSession = async (base: string) => Boolean(await createSession(base, tenant));
  const ours: number[] = [], theirs: number[] = [];
  for (let i = 0; i < COLD_STARTS; i++) {
    const app = await startAppServer({ databaseUrl, redisUrl, env: ctx.env, output: "ignore", ready: firstSession, nodeFlags: NODE_FLAGS, wrap: serverWrap });
    ours.push(app.readyAt - app.spawnedAt);
    await app.stop();
    const bare = await startBareNext(databaseUrl, redisUrl, { build: false, ready: firstSession, nodeFlags: NODE_FLAGS, wrap: serverWrap });
    theirs.push(bare.readyAt - bare.spawnedAt);
    await bare.close();
  }
  return { name: "cold start: spawn to first POST /v1/sessions answered vs bare Next", unit: "ms", app: median(ours), baselineName: "bare Next", baseline: median(theirs) };
}

async function createCase(ctx: BenchContext, t: Tenant): Promise<Comparison> {
  const body = JSON.stringify({ id: "sess_x", mode: "test", client_token: "x".repeat(160), scan_url: "http://x/scan?t=x", expires_at: new Date().toISOString() });
  const baseline = await ctx.startBaseline(async (req, res) => {
    await readBody(req);
    res.writeHead(201, { "Content-Type": "application/json; charset=utf-8" }).end(body);
  });
  const headers = { authorization: `Bearer ${t.secretKey}`, "content-type": "application/json" };
  const load = { method: "POST" as const, headers, body: JSON.stringify({ metadata: { order: "bench" } }), expectStatus: 201 };
  return {
    name: "POST /v1/sessions (secret key)",
    subject: await ctx.measure({ ...load, url: `${ctx.baseUrl}/v1/sessions` }),
    baselineName: "node:http",
    baseline: await ctx.measure({ ...load, url: baseline }),
  };
}

async function createSameWorkCase(ctx: BenchContext, t: Tenant, verbs: SessionVerbsBaseline): Promise<Comparison> {
  const load = { method: "POST" as const, body: JSON.stringify({ metadata: { order: "bench" } }), expectStatus: 201 };
  const headers = (key: string) => ({ authorization: `Bearer ${key}`, "content-type": "application/json" });
  return {
    name: "POST /v1/sessions (secret key) vs same verbs",
    subject: await ctx.measure({ ...load, headers: headers(t.secretKey), url: `${ctx.baseUrl}/v1/sessions` }),
    baselineName: "node:http+verbs",
    baseline: await ctx.measure({ ...load, headers: headers(verbs.secretKey), url: `${verbs.url}/v1/sessions` }),
  };
}

async function statusSameWorkCase(ctx: BenchContext, t: Tenant, verbs: SessionVerbsBaseline): Promise<Comparison> {
  const app = await createSession(ctx.baseUrl, t);
  const base = await createSession(verbs.url, { secretKey: verbs.secretKey });
  return {
    name: "GET /v1/sessions/:id/status vs same verbs",
    subject: await ctx.measure({ url: `${ctx.baseUrl}/v1/sessions/${app.id}/status?t=${app.client_token}` }),
    baselineName: "node:http+verbs",
    baseline: await ctx.measure({ url: `${verbs.url}/v1/sessions/${base.id}/status?t=${base.client_token}` }),
  };
}

async function statusCase(ctx: BenchContext, t: Tenant): Promise<Comparison> {
  const s = await createSession(ctx.baseUrl, t);
  const body = JSON.stringify({ id: s.id, status: "created", expires_at: s.expires_at, result: null });
  const baseline = await ctx.startBaseline((_req, res) => res.writeHead(200, { "Content-Type": "application/json; charset=utf-8" }).end(body));
  return {
    name: "GET /v1/sessions/:id/status",
    subject: await ctx.measure({ url: `${ctx.baseUrl}/v1/sessions/${s.id}/status?t=${s.client_token}` }),
    baselineName: "node:http",
    baseline: await ctx.measure({ url: `${baseline}/status` }),
  };
}

/** Each upload needs a fresh single-use token, so the sessions are made first and handed out in order. */
async function uploadCase(ctx: BenchContext, t: Tenant): Promise<Comparison> {
  const payload = Buffer.concat([Buffer.from("%PDF-1.7\n"), Buffer.alloc(UPLOAD_BYTES - 9, 0x20)]).toString("base64");
  const tokens: string[] = [];
  for (let i = 0; i < UPLOADS; i++) tokens.push((await createSession(ctx.baseUrl, t)).client_token);
  const dir = tmpdir();
  const baseline = await ctx.startBaseline(async (req, res) => {
    const parsed = JSON.parse((await readBody(req)).toString()) as { payload: string };
    await writeFile(path.join(dir, "docscan-bench-upload.pdf"), Buffer.from(parsed.payload, "base64"));
    res.writeHead(200, { "Content-Type": "application/json; charset=utf-8" }).end('{"status":"ok"}');
  });
  const next = (list: string[]) => {
    let i = 0;
    return (req: object) => ({ ...req, method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ session: list[i++ % list.length], payload }) });
  };
  const common = { connections: 4, amount: UPLOADS, method: "POST" as const };
  return {
    name: "POST /v1/scanner/upload (2 MB, JSON base64)",
    subject: await ctx.measure({ ...common, url: `${ctx.baseUrl}/v1/scanner/upload`, setupRequest: next(tokens) }),
    baselineName: "node:http parse+decode+write",
    baseline: await ctx.measure({ ...common, url: baseline, setupRequest: next(tokens) }),
  };
}

export async function newTenant(baseUrl: string): Promise<Tenant> {
  const email = `bench-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`;
  const signup = await fetch(`${baseUrl}/v1/auth/signup`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ email, password: "bench password 123" }) });
  if (signup.status !== 201) throw new Error(`bench signup: ${signup.status} ${await signup.text()}`);
  const cookie = /sc_session=[^;]+/.exec(signup.headers.get("set-cookie") ?? "")![0];
  const key = await fetch(`${baseUrl}/v1/dashboard/keys`, { method: "POST", headers: { "content-type": "application/json", cookie }, body: JSON.stringify({ kind: "secret", mode: "test" }) });
  if (key.status !== 201) throw new Error(`bench key: ${key.status} ${await key.text()}`);
  // Every open session holds a credit: each side's creation loads open up to ~200,000 sessions a
  // pair (two loads of 45 s at up to 2,000 a second), and 250,250 ran out within three pairs.
  for (let i = 0; i < 4 * PAIRS; i++) {
    const topUp = await fetch(`${baseUrl}/v1/dashboard/credits/topup`, { method: "POST", headers: { "content-type": "application/json", cookie }, body: JSON.stringify({ amount: 50000 }) });
    if (topUp.status !== 201) throw new Error(`bench top-up: ${topUp.status} ${await topUp.text()}`);
  }
  return { secretKey: ((await key.json()) as { secret: string }).secret };
}

export async function createSession(baseUrl: string, t: Tenant): Promise<{ id: string; client_token: string; expires_at: string }> {
  const res = await fetch(`${baseUrl}/v1/sessions`, { method: "POST", headers: { authorization: `Bearer ${t.secretKey}`, "content-type": "application/json" }, body: "{}" });
  if (res.status !== 201) throw new Error(`bench session: ${res.status} ${await res.text()}`);
  return (await res.json()) as { id: string; client_token: string; expires_at: string };
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
