import type { PDFDocument } from "pdf-lib";
import { ApiError } from "../errors";
import { parsePdf } from "../files/page-image";
import { isPoolBusy, SlotPool } from "./slot-pool";

/** Documents kept parsed: the pages of the one or two documents open in a console. */
const KEPT = 2;
/** How long a parsed document stays: long enough for a detail page's thumbnails to load. */
const KEPT_MS = 60_000;
/**
 * Documents read and parsed at once (each is a whole PDF, up to the upload limit, in memory);
 * a few more wait their turn for a few seconds, the rest are refused.
 */
const pool = new SlotPool(2, 16, 5_000);
const RETRY_AFTER_SECONDS = 2;

interface Entry {
  doc: Promise<PDFDocument | null>;
  until: number;
}
const kept = new Map<string, Entry>();

/**
 * The stored document under `key`, parsed once for all the page pictures asked at the same
 * time: the console's session detail asks for every page at once, and each would otherwise
 * read the whole PDF back from storage and parse it again. `read` gives the bytes (null when
 * the object is gone). A failed read is not kept, so the next request tries again; a full
 * queue is `503 service_unavailable` with `Retry-After`. Null when the object is gone or
 * is not a PDF pdf-lib can read.
 */
export function parsedDocument(key: string, read: () => Promise<Uint8Array | null>, now = Date.now()): Promise<PDFDocument | null> {
  for (const [k, e] of kept) if (e.until <= now) kept.delete(k);
  const hit = kept.get(key);
  if (hit) return hit.doc;
  const doc = load(read);
  kept.set(key, { doc, until: now + KEPT_MS });
  while (kept.size > KEPT) kept.delete(kept.keys().next().value!);
  doc.then((d) => d ?? forget(key, doc), () => forget(key, doc));
  return doc;
}

function forget(key: string, doc: Promise<PDFDocument | null>): void {
  if (kept.get(key)?.doc === doc) kept.delete(key);
}

async function load(read: () => Promise<Uint8Array | null>): Promise<PDFDocument | null> {
  let release: () => void;
  try {
    release = await pool.acquire();
  } catch (err) {
    if (!isPoolBusy(err)) throw err;
    throw new ApiError("service_unavailable", {
      message: `Too many documents being opened on this server; retry after ${RETRY_AFTER_SECONDS} seconds.`,
      headers: { "Retry-After": String(RETRY_AFTER_SECONDS) },
    });
  }
  try {
    const bytes = await read();
    return bytes && (await parsePdf(bytes));
  } finally {
    release();
  }
}

/** Forgets every kept document (tests). */
export function forgetParsedDocuments(): void {
  kept.clear();
}

/** Forgets one document this process keeps parsed (a redaction deleted it). */
export function forgetParsedDocument(key: string): void {
  kept.delete(key);
}
