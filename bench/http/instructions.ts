/**
 * `npm run bench:instructions`: the CPU work per request of the status poll and of session creation,
 * ours against bench/http/bare-next, counted in instructions by valgrind's callgrind instead of timed.
 *
 * Wall-clock CPU per poll swung by ±5–10 % between runs on this machine, more than any one change
 * to the hot path; an instruction count repeats within about 1 % for the same code. Both servers run
 * under callgrind side by side on Postgres + Redis, take WARM_UP requests untimed (so the JIT has
 * settled), then REQUESTS counted ones, 4 connections each; one endpoint after the other, in the
 * same two processes (BENCH_INSTRUCTION_ENDPOINTS, default `status,create`). Each count is split into what V8's
 * optimizing compiler and its garbage collector did and the rest (JavaScript, builtins, Node, the
 * drivers): the rest repeats within ~1 %; the compiler and the collector run on their own schedule and
 * swing by 10–30 %. Instructions are not time (the collector's are memory-bound), so this says where
 * work went and whether a change removed some, and `npm run bench` still says what it bought.
 *
 * Needs valgrind (`apt-get install -y valgrind`), TEST_DATABASE_URL and TEST_REDIS_URL. Takes ~6 min
 * an endpoint. BENCH_INSTRUCTION_REQUESTS (3000) and BENCH_INSTRUCTION_WARM_UP (6000) set the counts.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { startBareNext } from "./baselines/bare-next";
import { measure, type LoadOptions } from "./harness";
import { splitInstructions, type InstructionSplit } from "./instruction-split";
import { createSession, newTenant, type Tenant } from "./cases/sessions";
import { startAppServer } from "../../scripts/app-server";
import { choicesSetting, positiveSetting } from "./settings";

const REQUESTS = positiveSetting("BENCH_INSTRUCTION_REQUESTS", 3000, { integer: true });
const WARM_UP = positiveSetting("BENCH_INSTRUCTION_WARM_UP", 6000, { integer: true });
const ENDPOINTS = choicesSetting("BENCH_INSTRUCTION_ENDPOINTS", ["status", "create"] as const, ["status", "create"]);
const databaseUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;
if (!databaseUrl || !redisUrl) throw new Error("bench:instructions: set TEST_DATABASE_URL and TEST_REDIS_URL (bare Next runs on Postgres + Redis)");

const env = { LOG_LEVEL: "error", SCHEDULER_INTERVAL_SECONDS: "0", RATE_LIMIT_MAX: "100000000" };
const outDir = mkdtempSync(path.join(tmpdir(), "docscan-callgrind-"));
const callgrind = (name: string) => ["valgrind", "--tool=callgrind", "--smc-check=all-non-file", "--instr-atstart=no", `--callgrind-out-file=${path.join(outDir, name)}.%p`];

type Load = Pick<LoadOptions, "url" | "method" | "headers" | "body" | "expectStatus">;

interface Side {
  name: string;
  pid: number;
  base: string;
  tenant: Tenant;
}

/**
 * Warm up, then count REQUESTS requests: instrumentation is switched on and off around them, and
 * the counts are dumped (each dump holds what was counted since the one before). A request may wait
 * its turn for seconds under valgrind (switching instrumentation on re-translates the code), so it
 * has a minute before it counts as failed.
 */
async function count(side: Side, endpoint: string, target: Load): Promise<InstructionSplit> {
  const load = { ...target, connections: 4, timeoutSec: 60 };
  await measure(0, { ...load, amount: WARM_UP });
  execFileSync("callgrind_control", ["--instr=on", String(side.pid)], { stdio: "ignore" });
  const figures = await measure(0, { ...load, amount: REQUESTS });
  execFileSync("callgrind_control", ["--instr=off", String(side.pid)], { stdio: "ignore" });
  execFileSync("callgrind_control", [`--dump=${endpoint}`, String(side.pid)], { stdio: "ignore" });
  if (figures.errors > 0) throw new Error(`${side.name}: ${figures.errors} ${endpoint} requests failed`);
  const dumps = readdirSync(outDir).filter((f) => f.startsWith(`${side.name}.${side.pid}.`)).sort(byDumpNumber);
  const dump = dumps.at(-1);
  if (!dump) throw new Error(`${side.name}: callgrind wrote no dump`);
  const annotated = execFileSync("callgrind_annotate", ["--threshold=100", path.join(outDir, dump)], { maxBuffer: 256 * 1024 * 1024 }).toString();
  return splitInstructions(annotated, REQUESTS);
}

/** callgrind numbers its dumps `<file>.<pid>.<n>`: the newest has the largest n. */
const byDumpNumber = (a: string, b: string) => Number(a.split(".").at(-1)) - Number(b.split(".").at(-1));

/** The two loads, each against one side's server: status polls one session, creation opens new ones. */
async function loadFor(endpoint: (typeof ENDPOINTS)[number], side: Side): Promise<Load> {
  if (endpoint === "create") {
    const headers = { authorization: `Bearer ${side.tenant.secretKey}`, "content-type": "application/json" };
    return { url: `${side.base}/v1/sessions`, method: "POST", headers, body: JSON.stringify({ metadata: { order: "bench" } }), expectStatus: 201 };
  }
  const s = await createSession(side.base, side.tenant);
  return { url: `${side.base}/v1/sessions/${s.id}/status?t=${encodeURIComponent(s.client_token)}` };
}

const TITLES = { status: "GET /v1/sessions/:id/status, instructions per poll", create: "POST /v1/sessions, instructions per session opened" };

// The tenants and their keys come from an app server outside valgrind (a signup hashes a password
// with bcrypt, minutes under callgrind). Each side opens its sessions for its own tenant, so the two
// never wait on each other's tenant row.
const setup = await startAppServer({ databaseUrl, redisUrl, env, output: "ignore" });
let tenants: Tenant[];
try {
  tenants = [await newTenant(setup.baseUrl), await newTenant(setup.baseUrl)];
} finally {
  await setup.stop();
}

const app = await startAppServer({ databaseUrl, redisUrl, env, output: "ignore", wrap: callgrind("ours") });
const bare = await startBareNext(databaseUrl, redisUrl, { wrap: callgrind("bare") }).catch(async (err) => {
  await app.stop();
  throw err;
});
try {
  const ours: Side = { name: "ours", pid: app.pid, base: app.baseUrl, tenant: tenants[0] };
  const theirs: Side = { name: "bare", pid: bare.pid, base: bare.url, tenant: tenants[1] };
  for (const endpoint of ENDPOINTS) {
    // Each server is one valgrind process on one core: the two sides are counted at the same time.
    const [a, b] = await Promise.all([ours, theirs].map(async (side) => count(side, endpoint, await loadFor(endpoint, side))));
    const row = (part: keyof InstructionSplit) => `${part.padEnd(9)} ${(a[part] / 1e6).toFixed(3)} M / ${(b[part] / 1e6).toFixed(3)} M = ${(a[part] / b[part]).toFixed(3)}`;
    console.log(`${TITLES[endpoint]} (${REQUESTS} after ${WARM_UP} of warm-up, ${process.version}), ours / bare Next:`);
    for (const part of ["mutator", "gc", "compiler", "total"] as const) console.log(`  ${row(part)}`);
  }
} finally {
  await Promise.all([app.stop(), bare.close()]);
  rmSync(outDir, { recursive: true, force: true });
}
