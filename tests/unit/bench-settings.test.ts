// The bench's numeric settings: a typo stops the run by name instead of measuring with NaN.
import { afterEach, describe, expect, it } from "vitest";
import { positiveSetting } from "../../bench/settings";

const NAME = "BENCH_SETTINGS_TEST_VALUE";

describe("positiveSetting", () => {
  afterEach(() => {
    delete process.env[NAME];
  });

  it("falls back when the variable is unset or blank", () => {
    expect(positiveSetting(NAME, 15)).toBe(15);
    process.env[NAME] = " ";
    expect(positiveSetting(NAME, 15)).toBe(15);
  });

  it("reads a positive number, fractions allowed unless a whole number is asked for", () => {
    process.env[NAME] = "2.5";
    expect(positiveSetting(NAME, 15)).toBe(2.5);
    process.env[NAME] = "7";
    expect(positiveSetting(NAME, 3, { integer: true })).toBe(7);
  });

  it.each(["abc", "0", "-3", "Infinity", "1e999"])("refuses %j, naming the variable", (raw) => {
    process.env[NAME] = raw;
    expect(() => positiveSetting(NAME, 15)).toThrow(`${NAME} must be a positive number; got "${raw}"`);
  });

  it("refuses a fraction where a whole number is asked for", () => {
    process.env[NAME] = "2.5";
    expect(() => positiveSetting(NAME, 3, { integer: true })).toThrow(`${NAME} must be a positive whole number; got "2.5"`);
  });
});
