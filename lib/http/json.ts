/**
 * Bodies smaller than this are sent uncompressed. Next gzips every route response it streams
 * and, having dropped Content-Length, never applies the compression threshold: a status poll
 * spent a seventh of its CPU compressing ~150 bytes into a chunked reply no smaller.
 */
const COMPRESS_FROM_BYTES = 1024;

/** A JSON response. Every body under /v1 goes through here or through ApiError mapping. */
export function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  const text = JSON.stringify(body);
  // `no-transform` is what Next's compression (the `compression` package) honours to skip a body.
  const cacheControl = text.length < COMPRESS_FROM_BYTES ? "no-store, no-transform" : "no-store";
  return new Response(text, {
    status,
    headers: { "Content-Type": "application/json; charset=utf-8", "Cache-Control": cacheControl, ...headers },
  });
}
