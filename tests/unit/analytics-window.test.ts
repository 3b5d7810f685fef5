import { describe, expect, it } from "vitest";
import { analyticsWindow, parseDays } from "@/lib/analytics/window";

describe("parseDays", () => {
  it.each([
    [undefined, 30], ["1", 1], ["7", 7], ["90", 90], [" 14 ", 14], ["0", 30], ["91", 30], ["-3", 30], ["1.5", 30], ["abc", 30], ["", 30], ["1e1", 30], ["0007", 30],
  ])("%s → %s", (raw, days) => {
    expect(parseDays(raw)).toBe(days);
  });
});

describe("analyticsWindow", () => {
  it("ends today (UTC) and starts days − 1 before, with one date per day", () => {
    const w = analyticsWindow(3, new Date("2026-03-01T23:59:59.999Z"));
    expect(w).toMatchObject({ from: "2026-02-27", to: "2026-03-01", days: 3, dates: ["2026-02-27", "2026-02-28", "2026-03-01"] });
    expect(w.start.toISOString()).toBe("2026-02-27T00:00:00.000Z");
    expect(w.end.toISOString()).toBe("2026-03-02T00:00:00.000Z");
  });

  it("is just today for 1 day", () => {
    const w = analyticsWindow(1, new Date("2026-03-01T00:00:00.000Z"));
    expect(w.dates).toEqual(["2026-03-01"]);
  });
});
