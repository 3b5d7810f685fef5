/**
 * Upload admission against a real server process. Invariants:
 * - connections that carry no header credential and stall cannot keep checked uploads out:
 *   with 100 of them open, a one-step upload with `X-Client-Token` and a signed blob PUT
 *   succeed; every stalled connection is answered (503 at once when its queue is full, else
 *   408 once it has been silent) without sending another byte;
 * - valid tokens that trickle cannot either: 16 uploads that send a byte every 2 s, with 16
 *   sessions' tokens or with one session's, leave another tenant's upload its 200, and each
 *   trickle is answered (408 once below the minimum rate, or 503 from a full queue);
 * - a burst of uploads larger than the slots, from tenants whose shares fill them, is served
 *   in turn, not refused;
 * - the JSON path holds no large body before its token checks out: 100 concurrent anonymous
 *   33 MB uploads with a bogus token move the server's RSS by at most 100 MB, and it comes back.
 */
import { connect, type Socket } from "node:net";
import { request } from "node:http";
import { describe, expect, it } from "vitest";
import { useAppServer } from "./support/use-app-server";

const SLOTS = 8;

const server = useAppServer({ env: { MAX_CONCURRENT_UPLOADS: String(SLOTS), RATE_LIMIT_MAX: "500" } });
const pdf = (size: number) => Buffer.concat([Buffer.from("%PDF-1.7\n"), Buffer.alloc(size - 9, 0x20)]);

/** A raw connection to the app that has sent `request`; `status` resolves with the status it is answered with (0: closed unanswered). */
function rawUpload(request: string): { status: Promise<number>; socket: Socket } {
  const url = new URL(server.baseUrl);
  const socket = connect(Number(url.port), url.hostname);
  socket.write(request);
  let answer = "";
  const status = new Promise<number>((resolve) => {
    socket.on("data", (chunk: Buffer) => {
      answer += chunk.toString("latin1");
      const m = /^HTTP\/1\.1 (\d{3})/.exec(answer);
      if (m) resolve(Number(m[1]));
    });
    socket.on("close", () => resolve(0));
    socket.on("error", () => resolve(0));
  });
  return { status, socket };
}

/** An upload that sends headers and the first bytes of a body, then nothing. */
function stalled(kind: "json" | "multipart"): { status: Promise<number>; socket: Socket } {
  const type = kind === "json" ? "application/json" : "multipart/form-data; boundary=B";
  const first = kind === "json" ? '{"session"' : '--B\r\nContent-Disposition: form-data; name="session"\r\n\r\nabc';
  return rawUpload(`POST /v1/scanner/upload HTTP/1.1\r\nHost: x\r\nContent-Type: ${type}\r\nContent-Length: 1000000\r\n\r\n${first}`);
}

/** An upload with a valid header token that sends a byte every 2 s. */
function trickle(token: string): { status: Promise<number>; socket: Socket } {
  const head = `POST /v1/scanner/upload HTTP/1.1\r\nHost: x\r\nX-Client-Token: ${token}\r\nContent-Type: multipart/form-data; boundary=zz\r\nContent-Length: 1000000\r\n\r\n`;
  const upload = rawUpload(`${head}--zz\r\nContent-Disposition: form-data; name="file"; filename="scan.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-`);
  const drip = setInterval(() => upload.socket.writable && upload.socket.write(" "), 2_000);
  return { socket: upload.socket, status: upload.status.finally(() => clearInterval(drip)) };
}

// The server allows 10 signups per address in 15 minutes: the file's tests share what they can.
let tenants: Promise<Awaited<ReturnType<typeof server.account>>[]> | null = null;
const twoTenants = () => (tenants ??= Promise.all([server.account(), server.account()]));

async function session(secretKey: string) {
  const s = await server.api("POST", "/v1/sessions", {}, { authorization: `Bearer ${secretKey}` });
  expect(s.status).toBe(201);
  return s.body as { id: string; client_token: string };
}

async function oneStep(token: string, bytes: Buffer) {
  const form = new FormData();
  form.set("file", new Blob([new Uint8Array(bytes)], { type: "application/pdf" }), "scan.pdf");
  const res = await fetch(`${server.baseUrl}/v1/scanner/upload`, { method: "POST", body: form, headers: { "x-client-token": token }, signal: AbortSignal.timeout(60_000) });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

describe("security", () => {
  it("with 100 stalled anonymous uploads open, a header-token upload and a signed blob PUT succeed; every stalled one is answered", async () => {
    const a = await server.account();
    const [one, two] = [await session(a.secretKey), await session(a.secretKey)];
    const flood = Array.from({ length: 100 }, (_, i) => stalled(i % 2 ? "json" : "multipart"));
    await new Promise((r) => setTimeout(r, 500));

    const upload = await oneStep(one.client_token, pdf(4000));
    expect(upload.status, JSON.stringify(upload.body)).toBe(200);
    const config = await server.api("GET", `/v1/scanner/config?t=${encodeURIComponent(two.client_token)}`);
    const put = await fetch(config.body.upload.url, { method: "PUT", body: new Uint8Array(pdf(5000)), headers: { "content-type": "application/pdf" } });
    expect(put.status).toBe(204);
    expect((await server.api("POST", "/v1/scanner/complete", { session: two.client_token })).status).toBe(200);

    // None sends another byte; each is answered: refused at once, or cut off after its silence.
    const statuses = await Promise.all(flood.map((f) => f.status));
    for (const f of flood) f.socket.destroy();
    expect(statuses.filter((s) => s !== 503 && s !== 408)).toEqual([]);
    expect(statuses).toContain(503);
    expect(statuses).toContain(408);
  });

  it.each([
    ["sixteen sessions", 16],
    ["one session", 1],
  ])("16 uploads of one tenant that trickle with valid tokens (%s) leave another tenant's upload its 200", async (_, sessions) => {
    const [x, y] = await twoTenants();
    const tokens = await Promise.all(Array.from({ length: sessions }, () => session(x.secretKey).then((s) => s.client_token)));
    const theirs = await session(y.secretKey);
    const trickles = Array.from({ length: 16 }, (_, i) => trickle(tokens[i % sessions]));
    await new Promise((r) => setTimeout(r, 1_000));

    const upload = await oneStep(theirs.client_token, pdf(4000));
    expect(upload.status, JSON.stringify(upload.body)).toBe(200);

    const statuses = await Promise.all(trickles.map((t) => t.status));
    for (const t of trickles) t.socket.destroy();
    expect(statuses.filter((s) => s !== 408 && s !== 503)).toEqual([]);
    expect(statuses).toContain(408);
  });

  it("100 concurrent anonymous 33 MB JSON uploads with a bogus token move RSS by at most 100 MB, and it comes back", async () => {
    const before = server.rssMb();
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, server.rssMb())), 50);
    const url = new URL(server.baseUrl);
    const chunk = Buffer.alloc(256 * 1024, 0x41);
    const total = 33_000_000;
    const one = () =>
      new Promise<number>((resolve) => {
        let answered = false;
        const req = request({ host: url.hostname, port: url.port, method: "POST", path: "/v1/scanner/upload", headers: { "content-type": "application/json", "content-length": String(total) } });
        req.on("response", (res) => {
          answered = true;
          res.resume();
          req.destroy();
          resolve(res.statusCode!);
        });
        req.on("error", () => resolve(answered ? 0 : -1));
        const prefix = '{"session":"bogus-token","payload":"';
        req.write(prefix);
        let sent = prefix.length;
        // Sends as fast as the server reads, and stops once it has answered.
        const pump = () => {
          while (!answered && sent + chunk.length < total) {
            sent += chunk.length;
            if (!req.write(chunk)) return void req.once("drain", pump);
          }
        };
        pump();
      });
    const statuses = await Promise.all(Array.from({ length: 100 }, one));
    clearInterval(sampler);
    expect(statuses.filter((s) => s !== 400 && s !== 503)).toEqual([]);
    expect(statuses).toContain(400);
    await new Promise((r) => setTimeout(r, 2_000));
    const after = server.rssMb();
    console.log(`anonymous 33 MB JSON uploads: RSS ${before.toFixed(0)} MB, peak ${peak.toFixed(0)} MB, ${after.toFixed(0)} MB after`);
    expect(peak - before).toBeLessThanOrEqual(100);
    expect(after - before).toBeLessThanOrEqual(50);
  });
});

describe("happy", () => {
  it(`a burst of 32 concurrent 2 MiB uploads of 4 tenants on ${SLOTS} slots is served in turn: all 200`, async () => {
    // Four tenants, so that together their shares (a quarter each) fill the instance's slots.
    const accounts = [...(await twoTenants()), await server.account(), await server.account()];
    const tokens = await Promise.all(Array.from({ length: 32 }, (_, i) => session(accounts[i % 4].secretKey).then((s) => s.client_token)));
    const payload = pdf(2 * 1024 * 1024).toString("base64");
    const statuses = await Promise.all(
      tokens.map((t) =>
        fetch(`${server.baseUrl}/v1/scanner/upload`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ session: t, payload }), signal: AbortSignal.timeout(60_000) }).then(
          (r) => r.status,
        ),
      ),
    );
    expect(statuses).toEqual(Array(32).fill(200));
  });
});
