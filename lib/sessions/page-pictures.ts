import type { BlobStore } from "../storage/types";
import { ApiError } from "../errors";
import { log } from "../log";
import { readObject } from "../storage/read-object";
import { extractInWorker } from "../files/page-pictures/run-in-worker";
import { readManifest, storePictures, type PictureManifest } from "../files/page-pictures/stored";
import type { PictureLimits } from "../files/page-pictures/extract.mjs";
import { isPoolBusy, SlotPool } from "./slot-pool";

/**
 * The limits a document's pictures are made under (docs/sessions.md, "Page pictures"). The
 * scanner's own documents are far inside them: a page is a handful of objects, its object
 * streams inflate to kilobytes, its tree is one level deep, its largest picture a few MiB.
 */
export const PICTURE_LIMITS = {
  objectsPerPage: 64,
  objectsBase: 256,
  maxInflatedBytes: 32 * 2 ** 20,
  maxDepth: 16,
  /** Under the 4.5 MB a hosted function may answer. */
  maxPictureBytes: 4 * 2 ** 20,
  heapMb: 192,
  deadlineMs: 10_000,
};

export function limitsFor(pageCount: number): PictureLimits {
  const { objectsPerPage, objectsBase, maxInflatedBytes, maxDepth, maxPictureBytes } = PICTURE_LIMITS;
  return { maxPages: pageCount, maxObjects: objectsBase + objectsPerPage * pageCount, maxInflatedBytes, maxDepth, maxPictureBytes };
}

/** Manifests kept in memory: the console's detail page asks for every page at once. */
const KEPT = 64;
const KEPT_MS = 5 * 60_000;
/** Documents read and pictured at once, each in its own worker; a few more wait their turn, the rest are refused. */
const pool = new SlotPool(2, 16, 5_000);
const RETRY_AFTER_SECONDS = 2;

interface Entry {
  manifest: Promise<PictureManifest | null>;
  until: number;
}
const kept = new Map<string, Entry>();

export interface PictureSource {
  store: BlobStore;
  storageKey: string;
  pageCount: number;
  timeoutMs: number;
}

/**
 * The page pictures of the document at `storageKey`: the stored manifest, or, the first time,
 * the pictures made once in a worker (`extractInWorker`, under `limitsFor(pageCount)`) and
 * stored beside the document. Every request for the same document in this process shares one
 * promise. A failed read or store is not kept, so the next request tries again; a full queue is
 * `503 service_unavailable` with `Retry-After`. Null when the document itself is gone.
 */
export function documentPictures(source: PictureSource, now = Date.now()): Promise<PictureManifest | null> {
  for (const [k, e] of kept) if (e.until <= now) kept.delete(k);
  const hit = kept.get(source.storageKey);
  if (hit) return hit.manifest;
  const manifest = manifestOf(source);
  kept.set(source.storageKey, { manifest, until: now + KEPT_MS });
  while (kept.size > KEPT) kept.delete(kept.keys().next().value!);
  manifest.then((m) => m ?? forget(source.storageKey, manifest), () => forget(source.storageKey, manifest));
  return manifest;
}

function forget(key: string, manifest: Promise<PictureManifest | null>): void {
  if (kept.get(key)?.manifest === manifest) kept.delete(key);
}

async function manifestOf({ store, storageKey, pageCount, timeoutMs }: PictureSource): Promise<PictureManifest | null> {
  const stored = await readManifest(store, storageKey, timeoutMs);
  if (stored) return stored;
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
    const pdf = await readObject(store, storageKey, { timeoutMs });
    if (!pdf) return null;
    const extracted = await extractInWorker(pdf, limitsFor(pageCount), PICTURE_LIMITS);
    if ("refused" in extracted) log("warn", "document over a page-picture limit; it gets no pictures", { storageKey, reason: extracted.refused });
    // A deadline says as much about this machine's load as about the document: kept in memory
    // for a while (KEPT_MS), then tried again, never stored.
    if ("timedOut" in extracted) return { refused: extracted.refused };
    return await storePictures(store, storageKey, extracted);
  } finally {
    release();
  }
}

/** Forgets the kept manifest of one document, whose pictures were deleted. */
export function forgetPicturesOf(storageKey: string): void {
  kept.delete(storageKey);
}

/** Forgets every kept manifest (tests). */
export function forgetDocumentPictures(): void {
  kept.clear();
}
