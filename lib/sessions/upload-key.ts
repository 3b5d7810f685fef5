import { randomToken } from "../crypto";

/**
 * Storage keys. `uploads/` holds what clients write: the two-step path's fixed key per
 * session (`upload.url` writes it, `complete` reads it). `files/` holds delivered documents:
 * every completion stores, or copies, the bytes under a key of its own that no handed-out URL
 * can write, and the file row points there. Anything under either prefix without
 * a purpose is collected by the orphan sweep (`lib/sessions/sweep-orphan-objects.ts`).
 */
export const UPLOADS_PREFIX = "uploads/";
export const FILES_PREFIX = "files/";

export function uploadKey(sessionId: string): string {
  return `${UPLOADS_PREFIX}${sessionId}.pdf`;
}

/** A fresh key for one completion's document: concurrent uploads with one token never share one. */
export function deliveredFileKey(sessionId: string): string {
  return `${FILES_PREFIX}${sessionId}-${randomToken(9)}.pdf`;
}

/** The session an `uploads/` or `files/` key belongs to, or null for any other key. */
export function sessionOfKey(key: string): string | null {
  return /^(?:uploads|files)\/(sess_[0-9a-z]{20})(?:-[A-Za-z0-9_-]+)?\.pdf$/.exec(key)?.[1] ?? null;
}

/** The session a two-step upload key belongs to, or null for any other key. */
export function sessionOfUploadKey(key: string): string | null {
  return /^uploads\/(sess_[0-9a-z]{20})\.pdf$/.exec(key)?.[1] ?? null;
}

export const PDF_CONTENT_TYPE = "application/pdf";
