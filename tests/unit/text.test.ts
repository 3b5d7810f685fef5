import { describe, expect, it } from "vitest";
import { hasUnrepresentable, replaceUnrepresentable } from "@/lib/text";

const LONG_ASCII = "A".repeat(100_000);

describe("hasUnrepresentable", () => {
  it.each([
    ["NUL in ASCII", `${LONG_ASCII}\u0000`],
    ["NUL beside non-ASCII", "é\u0000"],
    ["a lone high surrogate at the end", `${LONG_ASCII}\ud83d`],
    ["a lone low surrogate at the start", "\ude00abc"],
    ["a low before its high", "\ude00\ud83d"],
  ])("refuses %s", (_, text) => expect(hasUnrepresentable(text)).toBe(true));

  it.each([
    ["long ASCII", LONG_ASCII],
    ["Latin-1", "ÿé"],
    ["a surrogate pair", `${LONG_ASCII}\ud83d\ude00`],
    ["the empty string", ""],
  ])("accepts %s", (_, text) => expect(hasUnrepresentable(text)).toBe(false));

  it("names the field with every unstorable character replaced", () => {
    expect(replaceUnrepresentable("a\u0000b\ud83dc\ud83d\ude00")).toBe("a\ufffdb\ufffdc\ud83d\ude00");
  });
});
