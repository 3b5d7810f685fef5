/**
 * Storage keys derived from the session. The two-step path (upload.url, then complete) uses
 * the fixed key, so `complete` knows where to look; the one-step path writes a key of its
 * own per request, so concurrent uploads with one token never overwrite each other's bytes.
 * The file row points at whichever object completed the session (no copy).
 */
export function uploadKey(sessionId: string): string {
  return `uploads/${sessionId}.pdf`;
}

export function directUploadKey(sessionId: string, nonce: string): string {
  return `uploads/${sessionId}-${nonce}.pdf`;
}

/** The session a two-step upload key belongs to, or null for any other key. */
export function sessionOfUploadKey(key: string): string | null {
  return /^uploads\/(sess_[0-9a-z]{20})\.pdf$/.exec(key)?.[1] ?? null;
}

export const PDF_CONTENT_TYPE = "application/pdf";
