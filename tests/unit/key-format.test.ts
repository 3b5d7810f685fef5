import { describe, expect, it } from "vitest";
import { displayKey, keyPrefix, newKeyValue, parseKeyValue } from "@/lib/keys/key-format";

const CASES = [
  ["publishable", "test", "pk_test_"],
  ["publishable", "live", "pk_live_"],
  ["secret", "test", "sk_test_"],
  ["secret", "live", "sk_live_"],
] as const;

describe("key values", () => {
  it.each(CASES)("%s %s keys start with %s, carry 40 random base64url characters and parse back", (kind, mode, prefix) => {
    expect(keyPrefix(kind, mode)).toBe(prefix);
    const value = newKeyValue(kind, mode);
    expect(value).toMatch(new RegExp(`^${prefix}[A-Za-z0-9_-]{40}$`));
    expect(parseKeyValue(value)).toEqual({ kind, mode });
  });

  it("never repeats", () => {
    const values = new Set(Array.from({ length: 2000 }, () => newKeyValue("secret", "live")));
    expect(values.size).toBe(2000);
  });

  it.each(["", "pk_test_", "pk_test_short", "xk_test_" + "a".repeat(40), "pk_prod_" + "a".repeat(40), "pk_test_" + "a".repeat(65), "pk_test_" + "a".repeat(39) + "=", " pk_test_" + "a".repeat(40)])(
    "refuses malformed %j",
    (value) => {
      expect(parseKeyValue(value)).toBeNull();
    },
  );
});

describe("displayKey", () => {
  it("shows publishable keys in full", () => {
    const value = newKeyValue("publishable", "live");
    expect(displayKey("publishable", value)).toBe(value);
  });

  it.each(["test", "live"] as const)("masks %s secret keys: prefix, masked middle, last four", (mode) => {
    const value = newKeyValue("secret", mode);
    const shown = displayKey("secret", value);
    expect(shown).toBe(`sk_${mode}_••••••••${value.slice(-4)}`);
    expect(shown).not.toContain(value.slice(8, -4));
  });
});
