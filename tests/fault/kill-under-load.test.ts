/**
 * The embedded store (PGlite on disk) killed with SIGKILL while
 * sessions are being created and completed, three times. Invariants after every restart:
 * - the server starts and is healthy on the same DATA_DIR;
 * - every upload that answered 200 is a completed (or delivered) session;
 * - the ledger is whole: the balance equals the newest `balance_after`, and each entry's
 *   `balance_after` is the previous one plus its delta;
 * and no temp file of an interrupted write is left (the restart removes them: the
 * directory's lock proves no other process is writing there).
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { startAppServer, type AppServer } from "@/scripts/app-server";
import { apiClient } from "./support/api";

const PDF = Buffer.from("%PDF-1.7\n" + " ".repeat(2000) + "\n%%EOF\n").toString("base64");

function tempFiles(dataDir: string): string[] {
  const blobs = path.join(dataDir, "blobs");
  if (!existsSync(blobs)) return [];
  return readdirSync(blobs).flatMap((dir) => readdirSync(path.join(blobs, dir)).filter((f) => f.endsWith(".tmp")));
}

describe("scenario 2: SIGKILL under write load (PGlite)", () => {
  it("three kills mid-load: every restart is healthy, every 200 completion exists, the ledger chain is unbroken", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "docscan-kill-"));
    const start = () => startAppServer({ dataDir, output: "ignore", env: { RATE_LIMIT_MAX: "1000", SCHEDULER_INTERVAL_SECONDS: "0", LOG_LEVEL: "error" } });
    let app: AppServer = await start();
    let client = apiClient(app.baseUrl);
    const owner = await client.account();
    // Enough credits that the load never meets the credit rule (250 + 10,000).
    expect((await client.api("POST", "/v1/dashboard/credits/topup", { amount: 10_000 }, { cookie: owner.cookie })).status).toBe(201);
    const granted = 10_250;
    const completed: string[] = [];

    for (let round = 0; round < 3; round++) {
      let stop = false;
      const worker = async () => {
        while (!stop) {
          try {
            const s = await client.api("POST", "/v1/sessions", {}, { authorization: `Bearer ${owner.secretKey}` });
            if (s.status !== 201) continue;
            const up = await client.api("POST", "/v1/scanner/upload", { session: s.body.client_token, payload: PDF });
            if (up.status === 200) completed.push(s.body.id);
          } catch {
            // the server died mid-request
          }
        }
      };
      const workers = Array.from({ length: 4 }, worker);
      await new Promise((r) => setTimeout(r, 1_000 + Math.random() * 2_000));
      process.kill(app.pid, "SIGKILL");
      stop = true;
      await Promise.all(workers);
      await new Promise((r) => setTimeout(r, 300));
      await app.stop();
      mkdirSync(path.join(dataDir, "blobs", "files"), { recursive: true });
      // As a write cut off by the kill leaves it (whether or not this round happened to).
      writeFileSync(path.join(dataDir, "blobs", "files", `.sess_cutoff.pdf.${round}.tmp`), "partial");
      app = await start();
      client = apiClient(app.baseUrl);
      expect((await client.api("GET", "/v1/health")).status).toBe(200);
      expect(tempFiles(dataDir)).toEqual([]);
      for (const id of completed) {
        const read = await client.api("GET", `/v1/sessions/${id}`, undefined, { authorization: `Bearer ${owner.secretKey}` });
        expect(["completed", "delivered"], id).toContain(read.body.status);
      }
      const credits = (await client.api("GET", "/v1/dashboard/credits", undefined, { cookie: owner.cookie })).body;
      // The console shows the newest 200 entries: their chain must be unbroken and end at the balance.
      const ledger = credits.ledger as { delta: number; balance_after: number }[];
      expect(ledger[0].balance_after).toBe(credits.balance);
      for (let i = 0; i < ledger.length - 1; i++) expect(ledger[i].balance_after).toBe(ledger[i + 1].balance_after + ledger[i].delta);
      // A 200 always has its debit; a kill between commit and answer leaves a debit without one.
      expect(granted - credits.balance).toBeGreaterThanOrEqual(completed.length);
      // ...and only those: at most one per worker in flight at each kill.
      expect(granted - credits.balance).toBeLessThanOrEqual(completed.length + 4 * (round + 1));
    }
    expect(completed.length).toBeGreaterThan(0);
    expect(tempFiles(dataDir)).toEqual([]);
    await app.stop();
  });
});
