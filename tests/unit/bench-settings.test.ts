// The bench's settings: a typo stops the run by name instead of measuring with NaN or measuring nothing.
import { afterEach, describe, expect, it } from "vitest";
import { choicesSetting, cpuListSetting, flagsSetting, positiveSetting } from "../../bench/http/settings";

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

describe("flagsSetting", () => {
  afterEach(() => {
    delete process.env[NAME];
  });

  it("falls back only when unset: set and empty means no flags", () => {
    expect(flagsSetting(NAME, ["--no-memory-reducer"])).toEqual(["--no-memory-reducer"]);
    process.env[NAME] = "";
    expect(flagsSetting(NAME, ["--no-memory-reducer"])).toEqual([]);
  });

  it("splits on any whitespace", () => {
    process.env[NAME] = " --trace-gc \t --max-semi-space-size=32 ";
    expect(flagsSetting(NAME, [])).toEqual(["--trace-gc", "--max-semi-space-size=32"]);
  });
});

describe("choicesSetting", () => {
  const allowed = ["status", "create"] as const;

  afterEach(() => {
    delete process.env[NAME];
  });

  it("falls back when unset or naming nothing (blank, only commas)", () => {
    expect(choicesSetting(NAME, allowed, allowed)).toEqual(["status", "create"]);
    process.env[NAME] = "  ";
    expect(choicesSetting(NAME, allowed, ["status"])).toEqual(["status"]);
    process.env[NAME] = " , ,";
    expect(choicesSetting(NAME, allowed, ["create"])).toEqual(["create"]);
  });

  it("reads a comma-separated subset, in the order given, spaces ignored", () => {
    process.env[NAME] = " create , status";
    expect(choicesSetting(NAME, allowed, allowed)).toEqual(["create", "status"]);
  });

  it("refuses a name it does not take, listing the ones it does", () => {
    process.env[NAME] = "status,sessions,craete";
    expect(() => choicesSetting(NAME, allowed, allowed)).toThrow(`${NAME} takes status, create; got "sessions, craete"`);
  });
});

describe("cpuListSetting", () => {
  afterEach(() => {
    delete process.env[NAME];
  });

  it("is null when unset or blank: the servers are not pinned", () => {
    expect(cpuListSetting(NAME, 4)).toBeNull();
    process.env[NAME] = " ";
    expect(cpuListSetting(NAME, 4)).toBeNull();
  });

  it("reads single CPUs and ranges, in order, each once", () => {
    process.env[NAME] = "3,1-2,2";
    expect(cpuListSetting(NAME, 4)).toEqual([1, 2, 3]);
  });

  it.each(["a", "1,", "1-", "-1", "1 2"])("refuses %j, naming the variable", (raw) => {
    process.env[NAME] = raw;
    expect(() => cpuListSetting(NAME, 4)).toThrow(`${NAME} takes CPU numbers such as 1 or 2-3,5; got "${raw}"`);
  });

  it("refuses a CPU the machine does not have, and a list that leaves none for the load generator", () => {
    process.env[NAME] = "2";
    expect(() => cpuListSetting(NAME, 2)).toThrow(`${NAME}: this machine has CPUs 0-1; got "2"`);
    process.env[NAME] = "0-1";
    expect(() => cpuListSetting(NAME, 2)).toThrow(`${NAME} must leave at least one CPU for the load generator; got "0-1"`);
    process.env[NAME] = "3-1";
    expect(() => cpuListSetting(NAME, 4)).toThrow(`${NAME}: the range 3-1 runs backwards`);
  });
});
