import { BlobRejected } from "./errors";

/** Refuses a body past `maxBytes` (the cap is inclusive): the one rule every store applies. */
export function assertWithinCap(size: number, maxBytes: number): void {
  if (size > maxBytes) throw new BlobRejected("too_large");
}

/**
 * Yields the chunks of an upload body while counting them, and throws
 * `BlobRejected("too_large")` as soon as the total passes `maxBytes` (inclusive cap), so an oversize
 * body is refused without ever being held whole. Shared by every `BlobStore.put`.
 */
export async function* cappedChunks(
  body: ReadableStream<Uint8Array> | Uint8Array,
  maxBytes: number,
): AsyncGenerator<Uint8Array> {
  let size = 0;
  const chunks: AsyncIterable<Uint8Array> | Uint8Array[] = body instanceof Uint8Array ? [body] : streamChunks(body);
  for await (const chunk of chunks) {
    size += chunk.byteLength;
    assertWithinCap(size, maxBytes);
    if (chunk.byteLength > 0) yield chunk;
  }
}

async function* streamChunks(stream: ReadableStream<Uint8Array>): AsyncGenerator<Uint8Array> {
  const reader = stream.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      yield value;
    }
  } finally {
    // Stops the sender when we give up early (oversize); a no-op once the stream is done.
    await reader.cancel().catch(() => undefined);
    reader.releaseLock();
  }
}
