/**
 * A frozen bucket (S3 behind a proxy that stops forwarding, sockets left open: what a
 * SIGSTOPped or black-holed store looks like). Invariants: complete, the one-step upload, a
 * file download, the console's page picture and `/v1/ready` answer `503 service_unavailable`
 * with `Retry-After` instead of hanging (each S3 call ends at STORAGE_TIMEOUT_MS, its retry
 * included; the page picture's own GET of the document too); the cron run goes on
 * past the storage step and names it in `failed_steps`; everything works again on thaw.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startAppServer, type AppServer } from "@/scripts/app-server";
import { startS3Server, type TestS3 } from "../support/s3-server";
import { apiClient, type ApiAnswer } from "./support/api";
import { startTcpProxy, type TcpProxy } from "./support/tcp-proxy";

const CRON_SECRET = "storage-outage-cron-secret-0123";

let s3: TestS3;
let proxy: TcpProxy;
let app: AppServer;
let client: ReturnType<typeof apiClient>;
beforeAll(async () => {
  s3 = await startS3Server();
  const target = new URL(s3.s3.endpoint);
  proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port) });
  app = await startAppServer({
    output: "ignore",
    env: {
      S3_BUCKET: s3.s3.bucket,
      S3_REGION: s3.s3.region,
      S3_ENDPOINT: `http://127.0.0.1:${proxy.port}`,
      S3_FORCE_PATH_STYLE: "true",
      STORAGE_TIMEOUT_MS: "1000",
      CRON_SECRET,
      SCHEDULER_INTERVAL_SECONDS: "0",
      LOG_LEVEL: "error",
    },
  });
  client = apiClient(app.baseUrl);
});
afterAll(async () => {
  await app?.stop();
  await proxy?.close();
  await s3?.close();
});

const pdf = (size: number) => Buffer.concat([Buffer.from("%PDF-1.7\n"), Buffer.alloc(size - 9, 0x20)]);

function expect503(res: ApiAnswer | { status: number; headers: Headers; body: Record<string, unknown>; json: boolean }) {
  expect(res.json).toBe(true);
  expect(res.status, JSON.stringify(res.body)).toBe(503);
  expect(res.body.error).toBe("service_unavailable");
  expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
}

async function oneStep(token: string) {
  const form = new FormData();
  form.set("file", new Blob([new Uint8Array(pdf(3000))], { type: "application/pdf" }), "scan.pdf");
  const res = await fetch(`${app.baseUrl}/v1/scanner/upload`, { method: "POST", body: form, headers: { "x-client-token": token }, signal: AbortSignal.timeout(20_000) });
  const text = await res.text();
  let body: Record<string, unknown>;
  try {
    body = JSON.parse(text);
    return { status: res.status, headers: res.headers, body, json: true };
  } catch {
    return { status: res.status, headers: res.headers, body: { text }, json: false };
  }
}

describe("security", () => {
  it("frozen bucket: complete, upload, download and ready answer 503 + Retry-After; the cron reports the storage step; all recover", async () => {
    const a = await client.account();
    const newSession = async () => (await client.api("POST", "/v1/sessions", {}, { authorization: `Bearer ${a.secretKey}` })).body as { client_token: string };
    const [toComplete, toUpload, delivered] = [await newSession(), await newSession(), await newSession()];
    const config = await client.api("GET", `/v1/scanner/config?t=${encodeURIComponent(toComplete.client_token)}`);
    const put = await fetch(config.body.upload.url, { method: "PUT", body: new Uint8Array(pdf(4000)), headers: { "content-type": "application/pdf" } });
    expect(put.status).toBe(200);
    const done = await oneStep(delivered.client_token);
    expect(done.status).toBe(200);
    const fileUrl = new URL((done.body.result as { url: string }).url);

    proxy.freeze();
    try {
      expect503(await client.api("POST", "/v1/scanner/complete", { session: toComplete.client_token }));
      expect503(await oneStep(toUpload.client_token));
      expect503(await client.api("GET", fileUrl.pathname + fileUrl.search));
      // The console's page picture reads the document back from the bucket.
      expect503(await client.api("GET", `/v1/dashboard/sessions/${done.body.session_id}/pages/1`, undefined, { cookie: a.cookie }));
      const ready = await client.api("GET", "/v1/ready");
      expect(ready.status).toBe(503);
      expect(ready.body.checks.storage).toBe("down");
      const cron = await client.api("POST", "/v1/cron/webhooks", undefined, { authorization: `Bearer ${CRON_SECRET}` });
      expect(cron.status, JSON.stringify(cron.body)).toBe(200);
      expect(cron.body.failed_steps).toContain("orphans");
      expect(cron.body.failed_steps).not.toContain("sessions");
    } finally {
      proxy.restore();
    }

    expect((await client.api("POST", "/v1/scanner/complete", { session: toComplete.client_token })).status).toBe(200);
    expect((await oneStep(toUpload.client_token)).status).toBe(200);
    expect((await fetch(fileUrl, { redirect: "manual" })).status).toBe(302);
    expect((await client.api("GET", "/v1/ready")).status).toBe(200);
  }, 180_000);
});
