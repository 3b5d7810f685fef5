/** Fixtures for the redaction and retention tests: a completed session with OCR text and a subscribed receiver. */
import { eq } from "drizzle-orm";
import { expect } from "vitest";
import { schema, type Db } from "@/lib/db";
import type { BlobStore } from "@/lib/storage";
import type { PageReport } from "@/scanner/contract";
import { callJson } from "./app";
import type { SignedUp } from "./factories";
import { createSessionWith, pdfBytes, uploadMultipart } from "./sessions";

export const SECRET_TEXT = "Patient: Jane Roe, DOB 1970-01-01";
const PAGE: PageReport = {
  filter: "auto", source: "camera", corners: "detected", confidence: 0.92, width: 1654, height: 2339, dpi: 200,
  sharpness: 0.48, glare: 0.002, brightness: 0.78, unevenness_before: 0.22, unevenness_after: 0.04, warnings: [],
  ocr: { status: "done", text: SECRET_TEXT, confidence: 0.91, truncated: false },
};
export const SECRET_METADATA = { patient: "Jane Roe", ref: "MED-77" };

export async function subscribe(a: SignedUp, url: string, events = ["scan.completed", "scan.failed", "session.redacted"]) {
  const res = await callJson("PUT", "/v1/dashboard/webhook", { cookie: a.cookie, json: { url, events } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

/** A session completed through the real upload, with metadata and one page of OCR text. */
export async function completedSession(a: SignedUp) {
  const s = await createSessionWith(a.secretKey, { metadata: SECRET_METADATA, scanner: { options: { ocr: true } } });
  const res = await uploadMultipart(s.client_token, pdfBytes(1200), { pages: "1", report: JSON.stringify([PAGE]) });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return s;
}

/** Every stored key under the two prefixes sessions use that names the session. */
export async function objectsOf(storage: BlobStore, sessionId: string): Promise<string[]> {
  const keys: string[] = [];
  for (const prefix of ["files/", "uploads/"]) keys.push(...(await storage.list(prefix, 10_000)).map((o) => o.key));
  return keys.filter((k) => k.includes(sessionId));
}

/** Every row that may hold the session's data, as text, for "nothing of it is left" checks. */
export async function rowsOf(db: Db, sessionId: string): Promise<string> {
  const session = await db.select().from(schema.sessions).where(eq(schema.sessions.id, sessionId));
  const files = await db.select().from(schema.files).where(eq(schema.files.sessionId, sessionId));
  const deliveries = await db.select().from(schema.webhookDeliveries).where(eq(schema.webhookDeliveries.sessionId, sessionId));
  const audit = await db.select().from(schema.redactionAudit).where(eq(schema.redactionAudit.sessionId, sessionId));
  return JSON.stringify({ session, files, deliveries, audit });
}
