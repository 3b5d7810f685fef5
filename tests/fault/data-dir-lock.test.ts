/**
 * The embedded store belongs to one process. Invariants: a second
 * process on the same DATA_DIR exits non-zero at once, naming the reason, without touching
 * the files; the first keeps serving reads and writes; the directory opens again after
 * the first stops (its lock is released, or taken over when the holder died); data files
 * are private to the user.
 */
import { mkdtempSync, readdirSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { startAppServer } from "@/scripts/app-server";
import { serverExit } from "./support/server-exit";

/** Starts a second server on `dataDir` and waits for it to exit (or gives up after `ms`). */
function secondProcess(dataDir: string, ms = 60_000) {
  return serverExit({ DATA_DIR: dataDir, DATABASE_URL: "", REDIS_URL: "", APP_SECRET: "" }, ms);
}

async function signupOn(baseUrl: string, email: string) {
  return fetch(`${baseUrl}/v1/auth/signup`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ email, password: "correct horse battery" }) });
}

function modeOf(p: string): number {
  return statSync(p).mode & 0o777;
}

describe("security", () => {
  it("a second process on one DATA_DIR exits at once with a clear message; the first keeps serving; the dir reopens after", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "docscan-lock-"));
    const env = { LOG_LEVEL: "error", SCHEDULER_INTERVAL_SECONDS: "0" };
    const first = await startAppServer({ dataDir, output: "ignore", env });
    const email = `lock-${Date.now()}@example.com`;
    try {
      expect((await signupOn(first.baseUrl, email)).status).toBe(201);
      const second = await secondProcess(dataDir);
      expect(second.code, second.stderr).not.toBe(0);
      expect(second.code, "the second process must exit, not serve").not.toBeNull();
      expect(second.stderr).toMatch(/DATA_DIR .* is in use by another process \(pid \d+\)/);
      // The first still reads and writes.
      expect((await fetch(`${first.baseUrl}/v1/health`)).status).toBe(200);
      expect((await signupOn(first.baseUrl, `lock2-${Date.now()}@example.com`)).status).toBe(201);
    } finally {
      await first.stop();
    }
    // After a clean stop the directory opens again, with the first process's data.
    const again = await startAppServer({ dataDir, output: "ignore", env });
    try {
      expect((await signupOn(again.baseUrl, email)).status).toBe(409);
    } finally {
      await again.stop();
    }
  });

  it("a lock left by a process that died is taken over", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "docscan-lock-"));
    // A pid that cannot be running: above the kernel's pid_max.
    writeFileSync(path.join(dataDir, ".lock"), "4194305\n");
    const app = await startAppServer({ dataDir, output: "ignore", env: { LOG_LEVEL: "error" } });
    try {
      expect((await fetch(`${app.baseUrl}/v1/health`)).status).toBe(200);
    } finally {
      await app.stop();
    }
  });

  it("embedded data files are private to the user: DATA_DIR and folders 0700, files 0600", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "docscan-mode-"));
    const app = await startAppServer({ dataDir, output: "ignore", env: { LOG_LEVEL: "error", SCHEDULER_INTERVAL_SECONDS: "0" } });
    try {
      const su = await signupOn(app.baseUrl, `mode-${Date.now()}@example.com`);
      const cookie = su.headers.get("set-cookie")!.split(";")[0];
      const api = (method: string, p: string, json: unknown, headers: Record<string, string> = {}) =>
        fetch(app.baseUrl + p, { method, headers: { "content-type": "application/json", ...headers }, body: json === undefined ? undefined : JSON.stringify(json) }).then((r) => r.json());
      const key = (await api("POST", "/v1/dashboard/keys", { name: "k", kind: "secret", mode: "test" }, { cookie })).secret;
      const session = await api("POST", "/v1/sessions", {}, { authorization: `Bearer ${key}` });
      const token = new URL(session.scan_url).searchParams.get("t");
      const pdf = Buffer.concat([Buffer.from("%PDF-1.7\n"), Buffer.alloc(100, 0x20)]).toString("base64");
      expect((await api("POST", "/v1/scanner/upload", { session: token, payload: pdf })).status).toBe("ok");
    } finally {
      await app.stop();
    }
    expect(modeOf(dataDir)).toBe(0o700);
    expect(modeOf(path.join(dataDir, "pg"))).toBe(0o700);
    expect(modeOf(path.join(dataDir, "app-secret"))).toBe(0o600);
    const blobs = path.join(dataDir, "blobs");
    const walk = (dir: string): string[] => readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? [path.join(dir, e.name), ...walk(path.join(dir, e.name))] : [path.join(dir, e.name)]));
    const entries = walk(blobs);
    expect(entries.some((p) => p.endsWith(".pdf"))).toBe(true);
    for (const p of entries) expect(modeOf(p), p).toBe(statSync(p).isDirectory() ? 0o700 : 0o600);
    expect(modeOf(blobs)).toBe(0o700);
  });
});
