const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/**
 * Decodes standard base64 (padding optional), or returns null when the text is not that.
 *
 * The rule is the pattern above with no `length % 4 === 1`, but testing a pattern over a
 * 2.7 MB upload took 12 ms, half of the upload's CPU (issue 14), so only the last quantum is
 * matched. Node's decoder skips characters outside the alphabet and stops at `=`, so the rest
 * is checked by encoding the bytes again: every character before the last quantum must come
 * back in place (the encoder writes only the alphabet, so an invalid one never does), and the
 * byte count must be what the text's length promises (a decode stopped early is short). The
 * last quantum is left to the pattern because an encoder may set its unused bits.
 */
export function decodeBase64(text: string): Buffer | null {
  const tail = Math.max(0, text.length - 4);
  if (text.length % 4 === 1 || !BASE64.test(text.slice(tail))) return null;
  const bytes = Buffer.from(text, "base64");
  const padding = text.endsWith("==") ? 2 : text.endsWith("=") ? 1 : 0;
  if (bytes.byteLength !== Math.floor(((text.length - padding) * 3) / 4)) return null;
  // Equality of two slices, not startsWith: V8 compares those as memory, 3× faster here.
  return bytes.toString("base64").slice(0, tail) === text.slice(0, tail) ? bytes : null;
}
