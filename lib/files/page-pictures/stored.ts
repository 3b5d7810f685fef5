import type { BlobStore } from "../../storage/types";
import { readObject } from "../../storage/read-object";
import type { ExtractedPictures, Picture } from "./extract.mjs";

/**
 * Where a document's page pictures live: beside the document, under a key derived from its
 * own, `page-pictures/<document key>/`, e.g. `page-pictures/files/sess_…-….pdf/manifest.json`
 * and `…/0`, `…/1` (one object per distinct picture). Outside `files/`, so the orphan sweep's
 * `files/` rule never sees them; deleting a document means deleting this folder too
 * (`deletePagePictures`).
 */
export const PAGE_PICTURES_PREFIX = "page-pictures/";

export function pagePicturesFolder(documentKey: string): string {
  return `${PAGE_PICTURES_PREFIX}${documentKey}/`;
}

/** The document key a page-picture object belongs to, or null for any other key. */
export function documentOfPictureKey(key: string): string | null {
  if (!key.startsWith(PAGE_PICTURES_PREFIX)) return null;
  const slash = key.lastIndexOf("/");
  return slash > PAGE_PICTURES_PREFIX.length ? key.slice(PAGE_PICTURES_PREFIX.length, slash) : null;
}

/**
 * What is stored about a document's pictures: for each page the index of its picture (null
 * when it has none) and each picture's type; or the limit the document is over, so it is never
 * read again.
 */
export type PictureManifest = { pages: (number | null)[]; types: Picture["contentType"][] } | { refused: string };

const MANIFEST = "manifest.json";
const MANIFEST_MAX_BYTES = 64 * 1024;

/** The stored manifest, or null when the pictures were never made (or are gone). */
export async function readManifest(store: BlobStore, documentKey: string, timeoutMs: number): Promise<PictureManifest | null> {
  const bytes = await readObject(store, pagePicturesFolder(documentKey) + MANIFEST, { timeoutMs });
  if (!bytes) return null;
  try {
    return JSON.parse(Buffer.from(bytes).toString("utf8")) as PictureManifest;
  } catch {
    return null; // a manifest cut off mid-write: made again
  }
}

/** Stores the pictures, then the manifest last: a manifest present means every picture is. */
export async function storePictures(store: BlobStore, documentKey: string, extracted: ExtractedPictures): Promise<PictureManifest> {
  const folder = pagePicturesFolder(documentKey);
  const manifest: PictureManifest = "refused" in extracted ? { refused: extracted.refused } : { pages: extracted.pages, types: extracted.pictures.map((p) => p.contentType) };
  if ("pictures" in extracted) {
    for (const [i, picture] of extracted.pictures.entries()) {
      await store.put(folder + i, picture.bytes, { contentType: picture.contentType, maxBytes: picture.bytes.length });
    }
  }
  const body = new TextEncoder().encode(JSON.stringify(manifest));
  await store.put(folder + MANIFEST, body, { contentType: "application/json", maxBytes: MANIFEST_MAX_BYTES });
  return manifest;
}

/** One stored picture's bytes, or null when gone. */
export function readPicture(store: BlobStore, documentKey: string, index: number, timeoutMs: number): Promise<Uint8Array | null> {
  return readObject(store, pagePicturesFolder(documentKey) + index, { timeoutMs });
}

/** Deletes a document's page pictures (all of its folder); absent ones are not an error. */
export async function deletePagePictures(store: BlobStore, documentKey: string): Promise<void> {
  const folder = pagePicturesFolder(documentKey);
  for (;;) {
    const page = await store.list(folder, 500);
    for (const { key } of page) await store.delete(key);
    if (page.length < 500) return;
  }
}
