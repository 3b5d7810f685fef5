import { describe, expect, it } from "vitest";
import { retryDelayMs } from "@/lib/webhooks/retry-delay";

describe("retryDelayMs (base * 4^(n-1))", () => {
  it("is 30 s after attempt 1 and 120 s after attempt 2 with the default base", () => {
    expect(retryDelayMs(30_000, 1)).toBe(30_000);
    expect(retryDelayMs(30_000, 2)).toBe(120_000);
    expect(retryDelayMs(30_000, 3)).toBe(480_000);
  });

  it("is 0 (due at once) with base 0", () => {
    expect(retryDelayMs(0, 1)).toBe(0);
    expect(retryDelayMs(0, 2)).toBe(0);
  });

  it("scales with the base", () => {
    expect(retryDelayMs(1000, 2)).toBe(4000);
  });
});
