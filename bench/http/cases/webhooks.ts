import type { IncomingMessage, ServerResponse } from "node:http";
import type { BenchCase, BenchContext, Figures } from "../harness";
import { positiveSetting } from "../settings";

/** Deliveries queued per backend before the cron path drains them. */
const DELIVERIES = positiveSetting("BENCH_WEBHOOK_DELIVERIES", 300, { integer: true });
/** Overlapping cron callers, as several schedulers (or instances) would make. */
const CRON_CALLERS = 4;

/**
 * Webhook deliveries per second through `POST /v1/cron/webhooks` to a local receiver,
 * beside that receiver's own ceiling (autocannon POSTing a same-sized body at it) in the
 * same run. Deliveries are queued as test pings whose first attempt the receiver fails
 * (500), so every measured send goes through the cron's claim → sign → POST → record path.
 * Needs WEBHOOK_RETRY_BASE_SECONDS=0 in the server env to skip the 30-second wait, and
 * WEBHOOK_ALLOW_PRIVATE=true on a hosted (Postgres) backend to reach a 127.0.0.1 receiver.
 */
export const webhooksCase: BenchCase = {
  name: "webhooks",
  async run(ctx) {
    if (ctx.backend === "postgres+redis" && ctx.env.WEBHOOK_ALLOW_PRIVATE !== "true") {
      console.log("bench webhooks: skipped on postgres+redis (set WEBHOOK_ALLOW_PRIVATE=true in BENCH_ENV to reach a local receiver)");
      return [];
    }
    const receiver = { failing: true, delivered: 0, payloadBytes: 0 };
    const receiverUrl = await ctx.startBaseline((req, res) => answer(receiver, req, res));
    const cookie = await signupAndConfigure(ctx, `${receiverUrl}/hook`);
    await queueDeliveries(ctx, cookie);
    await waitUntilDue(ctx);
    receiver.failing = false;
    const subject = await drainThroughCron(ctx, receiver);
    const body = "x".repeat(receiver.payloadBytes || 200);
    const baseline = await ctx.measure({ url: `${receiverUrl}/baseline`, method: "POST", body, headers: { "content-type": "application/json" } });
    return [{ name: `cron deliveries/s (${DELIVERIES} queued, ${CRON_CALLERS} overlapping callers)`, subject, baselineName: "receiver ceiling", baseline }];
  },
};

function answer(state: { failing: boolean; delivered: number; payloadBytes: number }, req: IncomingMessage, res: ServerResponse): void {
  let size = 0;
  req.on("data", (chunk: Buffer) => (size += chunk.length));
  req.on("end", () => {
    const isHook = req.url === "/hook";
    if (isHook && state.failing) return void res.writeHead(500).end();
    if (isHook) {
      state.delivered++;
      state.payloadBytes = size;
    }
    res.writeHead(200, { "Content-Type": "text/plain" }).end("ok");
  });
}

async function signupAndConfigure(ctx: BenchContext, hookUrl: string): Promise<string> {
  const signup = await fetch(`${ctx.baseUrl}/v1/auth/signup`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: `bench-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`, password: "bench password 123" }),
  });
  const cookie = /sc_session=[^;]+/.exec(signup.headers.get("set-cookie") ?? "")?.[0];
  if (!cookie) throw new Error(`bench webhooks: signup answered ${signup.status}`);
  const put = await fetch(`${ctx.baseUrl}/v1/dashboard/webhook`, { method: "PUT", headers: { cookie, "content-type": "application/json" }, body: JSON.stringify({ url: hookUrl }) });
  if (put.status !== 200) throw new Error(`bench webhooks: PUT /v1/dashboard/webhook answered ${put.status}`);
  return cookie;
}

async function queueDeliveries(ctx: BenchContext, cookie: string): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next++ < DELIVERIES) {
      const res = await fetch(`${ctx.baseUrl}/v1/dashboard/webhook/test`, { method: "POST", headers: { cookie } });
      if (res.status !== 201) throw new Error(`bench webhooks: test ping answered ${res.status}`);
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
}

/** The failed first attempts make retries due after WEBHOOK_RETRY_BASE_SECONDS. */
async function waitUntilDue(ctx: BenchContext): Promise<void> {
  const base = Number(ctx.env.WEBHOOK_RETRY_BASE_SECONDS ?? 30);
  await new Promise((r) => setTimeout(r, base * 1000 + 1500));
}

async function drainThroughCron(ctx: BenchContext, receiver: { delivered: number }): Promise<Figures> {
  const latencies: number[] = [];
  let errors = 0;
  const started = performance.now();
  const deadline = started + 120_000;
  const caller = async () => {
    while (receiver.delivered < DELIVERIES && performance.now() < deadline) {
      const t0 = performance.now();
      const res = await fetch(`${ctx.baseUrl}/v1/cron/webhooks`, { method: "POST", headers: { authorization: `Bearer ${ctx.env.CRON_SECRET}` } });
      const body = (await res.json()) as { attempted?: number };
      latencies.push(performance.now() - t0);
      if (res.status !== 200) errors++;
      if (body.attempted === 0) await new Promise((r) => setTimeout(r, 5));
    }
  };
  await Promise.all(Array.from({ length: CRON_CALLERS }, caller));
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))] ?? 0;
  return { rps: receiver.delivered / seconds, p50: pct(0.5), p99: pct(0.99), errors: errors + Math.max(0, DELIVERIES - receiver.delivered) };
}
