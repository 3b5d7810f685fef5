/**
 * What the start of a JSON object's text says about one top-level string member:
 * - `found`: the member, complete, before the `stop` member began;
 * - `stop`: the `stop` member began first;
 * - `more`: the text ends before either is settled;
 * - `other`: it cannot settle it (not an object, a syntax error, the member is not a string,
 *   or the object closed without it); the whole body must then be parsed to say what is wrong.
 */
export type LeadingMember = { kind: "found"; value: string } | { kind: "stop" } | { kind: "more" } | { kind: "other" };

const WS = new Set([0x20, 0x09, 0x0a, 0x0d]);
const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const MORE = -1;
const BAD = -2;

/**
 * Scans a prefix of a JSON body for the top-level string member `name`, without parsing the
 * rest: how the upload learns its client token from the first bytes, before it holds a
 * 30 MB payload that comes after it. Structural characters are ASCII, so bytes are scanned
 * directly; keys and the value are decoded with `JSON.parse`.
 */
export function leadingStringMember(text: Uint8Array, name: string, stop: string): LeadingMember {
  const end = text.length;
  const ws = (i: number) => {
    while (i < end && WS.has(text[i])) i++;
    return i;
  };
  let i = ws(0);
  if (i >= end) return { kind: "more" };
  if (text[i] !== 0x7b) return { kind: "other" };
  for (i = ws(i + 1); ; ) {
    if (i >= end) return { kind: "more" };
    if (text[i] !== QUOTE) return { kind: "other" };
    const keyEnd = stringEnd(text, i);
    if (keyEnd === MORE) return { kind: "more" };
    const key = decode(text, i, keyEnd);
    i = ws(keyEnd);
    if (i >= end) return { kind: "more" };
    if (key === null || text[i] !== 0x3a) return { kind: "other" };
    i = ws(i + 1);
    if (i >= end) return { kind: "more" };
    if (key === stop) return { kind: "stop" };
    const valueEnd = skipValue(text, i);
    if (valueEnd === MORE) return { kind: "more" };
    if (valueEnd === BAD) return { kind: "other" };
    if (key === name) {
      const value = text[i] === QUOTE ? decode(text, i, valueEnd) : null;
      return typeof value === "string" ? { kind: "found", value } : { kind: "other" };
    }
    i = ws(valueEnd);
    if (i >= end) return { kind: "more" };
    if (text[i] !== 0x2c) return { kind: "other" }; // "}" ends the object without the member, as does anything else
    i = ws(i + 1);
  }
}

/** Index just past the string starting at `start` (a quote), or MORE. */
function stringEnd(text: Uint8Array, start: number): number {
  for (let j = start + 1; j < text.length; j++) {
    if (text[j] === BACKSLASH) j++;
    else if (text[j] === QUOTE) return j + 1;
  }
  return MORE;
}

/** Index just past the value starting at `start`, MORE, or BAD. */
function skipValue(text: Uint8Array, start: number): number {
  const first = text[start];
  if (first === QUOTE) return stringEnd(text, start);
  if (first === 0x7b || first === 0x5b) {
    let depth = 0;
    for (let j = start; j < text.length; j++) {
      const c = text[j];
      if (c === QUOTE) {
        j = stringEnd(text, j);
        if (j === MORE) return MORE;
        j--;
      } else if (c === 0x7b || c === 0x5b) depth++;
      else if (c === 0x7d || c === 0x5d) {
        if (--depth === 0) return j + 1;
      }
    }
    return MORE;
  }
  // A number or a literal: up to the next delimiter.
  for (let j = start; j < text.length; j++) {
    const c = text[j];
    if (c === 0x2c || c === 0x7d || c === 0x5d || WS.has(c)) return j === start ? BAD : j;
  }
  return MORE;
}

function decode(text: Uint8Array, start: number, end: number): unknown {
  try {
    return JSON.parse(Buffer.from(text.buffer, text.byteOffset + start, end - start).toString("utf8"));
  } catch {
    return null;
  }
}
