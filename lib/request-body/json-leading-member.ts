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

/**
 * Where the text of the top-level string member `name` of a whole JSON object lies (`start` to
 * `end`, between its quotes), when that text holds no escape; null when there is no such
 * member, it is not a string, holds a backslash or appears twice, or the object cannot be
 * scanned (a syntax error: `JSON.parse` says what is wrong). The caller parses everything but
 * that text, which is what lets an upload's base64 payload skip `JSON.parse` (the third of a
 * 2 MiB upload's CPU it was).
 */
export function plainStringMember(text: Uint8Array, name: string): { start: number; end: number } | null {
  const end = text.length;
  const ws = (i: number) => {
    while (i < end && WS.has(text[i])) i++;
    return i;
  };
  let i = ws(0);
  if (text[i] !== 0x7b) return null;
  let found: { start: number; end: number } | null = null;
  for (i = ws(i + 1); i < end && text[i] === QUOTE; ) {
    const keyEnd = stringEnd(text, i);
    if (keyEnd === MORE) return null;
    const key = decode(text, i, keyEnd);
    i = ws(keyEnd);
    if (key === null || text[i] !== 0x3a) return null;
    i = ws(i + 1);
    const valueEnd = skipValue(text, i);
    if (valueEnd < 0) return null;
    if (key === name) {
      // JSON.parse keeps the last of two: that one is left to it.
      if (found !== null || text[i] !== QUOTE) return null;
      const backslash = text.indexOf(BACKSLASH, i + 1);
      if (backslash >= 0 && backslash < valueEnd) return null;
      found = { start: i + 1, end: valueEnd - 1 };
    }
    i = ws(valueEnd);
    if (text[i] === 0x7d) return found;
    if (text[i] !== 0x2c) return null;
    i = ws(i + 1);
  }
  return null;
}

/**
 * Index just past the string starting at `start` (a quote), or MORE. Quotes are found by the
 * native search, which a 2.7 MB base64 payload crosses in well under a millisecond; a quote is
 * the string's end when an even number of backslashes precedes it.
 */
function stringEnd(text: Uint8Array, start: number): number {
  for (let from = start + 1; ; ) {
    const quote = text.indexOf(QUOTE, from);
    if (quote < 0) return MORE;
    let backslashes = 0;
    while (text[quote - 1 - backslashes] === BACKSLASH) backslashes++;
    if (backslashes % 2 === 0) return quote + 1;
    from = quote + 1;
  }
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
