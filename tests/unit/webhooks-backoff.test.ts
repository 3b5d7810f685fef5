import { describe, expect, it } from "vitest";
import { loadConfig } from "@/lib/config";
import { retryDelayMs, retrySpanMs } from "@/lib/webhooks/retry-delay";

describe("retryDelayMs (base * 4^(n-1))", () => {
  it("is 5 min after attempt 1 and 20 min after attempt 2 with the default base", () => {
    const base = loadConfig({}).webhookRetryBaseMs;
    expect(retryDelayMs(base, 1)).toBe(300_000);
    expect(retryDelayMs(base, 2)).toBe(1_200_000);
  });

  it("is 0 (due at once) with base 0", () => {
    expect(retryDelayMs(0, 1)).toBe(0);
    expect(retryDelayMs(0, 2)).toBe(0);
  });

  it("scales with the base", () => {
    expect(retryDelayMs(1000, 2)).toBe(4000);
    expect(retryDelayMs(30_000, 3)).toBe(480_000);
  });
});

describe("retrySpanMs (first attempt to the last one of three)", () => {
  it("is 25 min with the default base, 0 with base 0", () => {
    expect(retrySpanMs(300_000)).toBe(1_500_000);
    expect(retrySpanMs(0)).toBe(0);
  });
});
