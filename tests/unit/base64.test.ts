import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { decodeBase64 } from "@/lib/request-body/base64";

/** The rule in its plain form, over the whole text: the reference the fast check must equal. */
const isStandardBase64 = (s: string) => /^[A-Za-z0-9+/]*={0,2}$/.test(s) && s.length % 4 !== 1;

// Alphabet characters, padding, base64url's two, whitespace (Node's decoder skips it), others,
// and two past Latin-1 that the decoder would read as their low byte (`A`, and a skipped 0x01).
const SYMBOLS = ["A", "Q", "/", "+", "=", "-", "_", " ", "\n", "!", "é", "\u0000", "\u0141", "\u0101"];

function* allStrings(maxLength: number, prefix = ""): Generator<string> {
  yield prefix;
  if (prefix.length < maxLength) for (const c of SYMBOLS) yield* allStrings(maxLength, prefix + c);
}

/** Deterministic pseudo-random integers below n (mulberry32), so a failure is reproducible. */
function seeded(seed: number) {
  let a = seed;
  return (n: number) => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return (((t ^ (t >>> 14)) >>> 0) % n);
  };
}

describe("decodeBase64", () => {
  it("accepts exactly what the whole-text pattern accepts, on every string of up to 5 symbols", () => {
    for (const s of allStrings(5)) expect([s, decodeBase64(s) !== null]).toEqual([s, isStandardBase64(s)]);
  });

  it("judges every symbol at every place of a two-quantum text, replaced or inserted", () => {
    const good = "QUFBQUFB";
    for (let at = 0; at <= good.length; at++) {
      for (const c of SYMBOLS) {
        for (const s of [good.slice(0, at) + c + good.slice(at + 1), good.slice(0, at) + c + good.slice(at)]) {
          expect([s, decodeBase64(s) !== null]).toEqual([s, isStandardBase64(s)]);
        }
      }
    }
  });

  it("finds one bad character anywhere in a long text, and decodes good text as Buffer.from does", () => {
    const random = seeded(7);
    for (let i = 0; i < 5000; i++) {
      const good = randomBytes(random(60)).toString("base64").replace(/=+$/, random(2) ? "" : "$&");
      expect(decodeBase64(good)?.equals(Buffer.from(good, "base64"))).toBe(true);
      const at = random(good.length + 1);
      const bad = good.slice(0, at) + SYMBOLS[4 + random(SYMBOLS.length - 4)] + good.slice(at + random(2));
      expect([bad, decodeBase64(bad) !== null]).toEqual([bad, isStandardBase64(bad)]);
    }
  });

  it("keeps non-canonical final bits, as the pattern did", () => {
    expect(decodeBase64("QB==")).toEqual(Buffer.from([0x40]));
    expect(decodeBase64("QR")).toEqual(Buffer.from([0x41]));
  });
});
