import { ApiError } from "../errors";

const MAGIC = [0x25, 0x50, 0x44, 0x46, 0x2d]; // "%PDF-"

/** Whether the bytes start with `%PDF-` (DESIGN.md: anything else is `400 invalid_file`). */
export function hasPdfHeader(head: Uint8Array): boolean {
  return head.length >= MAGIC.length && MAGIC.every((b, i) => head[i] === b);
}

/**
 * Passes a body through while checking its first five bytes, so a non-PDF upload fails
 * before the store renames anything into place. An empty body passes through untouched
 * (the store answers `empty_file` for it).
 */
export function requirePdfHeader(body: ReadableStream<Uint8Array>): ReadableStream<Uint8Array> {
  let head: Uint8Array = new Uint8Array(0);
  let checked = false;
  return body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        if (!checked) {
          head = concatHead(head, chunk);
          if (head.length >= MAGIC.length) {
            if (!hasPdfHeader(head)) throw new ApiError("invalid_file");
            checked = true;
          }
        }
        controller.enqueue(chunk);
      },
      flush() {
        if (!checked && head.length > 0) throw new ApiError("invalid_file");
      },
    }),
  );
}

function concatHead(head: Uint8Array, chunk: Uint8Array): Uint8Array {
  const out = new Uint8Array(Math.min(head.length + chunk.length, MAGIC.length));
  out.set(head.subarray(0, out.length));
  if (out.length > head.length) out.set(chunk.subarray(0, out.length - head.length), head.length);
  return out;
}
