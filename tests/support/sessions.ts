/**
 * Fixtures for the session and scanner-runtime tests: sessions made through the real
 * routes, small valid PDFs, and the two upload paths.
 */
import { eq } from "drizzle-orm";
import { expect } from "vitest";
import { appendLedgerEntry } from "@/lib/credits/append-ledger";
import { now } from "@/lib/clock";
import { schema, withTx, type Db } from "@/lib/db";
import { call, callJson } from "./app";

/** A PDF-looking body of exactly `size` bytes (header, filler, trailer). */
export function pdfBytes(size = 1024): Buffer {
  const head = Buffer.from("%PDF-1.7\n");
  const tail = Buffer.from("\n%%EOF\n");
  if (size < head.length + tail.length) return head.subarray(0, size);
  return Buffer.concat([head, Buffer.alloc(size - head.length - tail.length, 0x20), tail]);
}

/** `POST /v1/sessions` with a secret key; asserts 201 and returns the created body. */
export async function createSessionWith(secretKey: string, json: Record<string, unknown> = {}) {
  const res = await callJson("POST", "/v1/sessions", { bearer: secretKey, json });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: string; mode: string; client_token: string; scan_url: string; expires_at: string };
}

/** `GET /v1/scanner/config?t=`; asserts 200. */
export async function openScanner(token: string) {
  const res = await callJson("GET", `/v1/scanner/config?t=${encodeURIComponent(token)}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

/** `POST /v1/scanner/upload` with a JSON base64 payload. */
export function uploadJson(token: string, bytes: Buffer, extra: Record<string, unknown> = {}) {
  return callJson("POST", "/v1/scanner/upload", { json: { session: token, payload: bytes.toString("base64"), ...extra } });
}

/** `POST /v1/scanner/upload` as multipart with a `file` part. */
export function uploadMultipart(token: string | null, bytes: Buffer | null, extra: Record<string, string> = {}) {
  const form = new FormData();
  if (token !== null) form.set("session", token);
  if (bytes !== null) form.set("file", new Blob([new Uint8Array(bytes)], { type: "application/pdf" }), "scan.pdf");
  for (const [k, v] of Object.entries(extra)) form.set(k, v);
  return callJson("POST", "/v1/scanner/upload", { body: form });
}

/** PUTs bytes to a local-storage `upload.url` (through the app's blob route). */
export function putBlob(uploadUrl: string, bytes: Buffer, contentType = "application/pdf") {
  const u = new URL(uploadUrl);
  return call("PUT", u.pathname + u.search, { body: new Uint8Array(bytes), headers: { "content-type": contentType } });
}

/** Moves a tenant's balance to `target` with an `adjustment` ledger entry (keeps the ledger invariant). */
export async function setBalance(db: Db, tenantId: string, target: number): Promise<void> {
  await withTx(db, async (tx) => {
    const [t] = await tx.select({ credits: schema.tenants.credits }).from(schema.tenants).where(eq(schema.tenants.id, tenantId));
    if (t.credits !== target) await appendLedgerEntry(tx, { tenantId, delta: target - t.credits, reason: "adjustment", note: "test setup", now: now() });
  });
}

export async function balanceOf(db: Db, tenantId: string): Promise<number> {
  const [t] = await db.select({ credits: schema.tenants.credits }).from(schema.tenants).where(eq(schema.tenants.id, tenantId));
  return t.credits;
}

export async function sessionRow(db: Db, id: string) {
  const [row] = await db.select().from(schema.sessions).where(eq(schema.sessions.id, id));
  return row;
}

export async function ledgerForSession(db: Db, sessionId: string) {
  return db.select().from(schema.creditLedger).where(eq(schema.creditLedger.sessionId, sessionId));
}

/** The query-string token out of a `scan_url`. */
export function tokenOf(scanUrl: string): string {
  return new URL(scanUrl).searchParams.get("t")!;
}
