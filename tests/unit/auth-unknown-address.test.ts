import { describe, expect, it } from "vitest";
import { AUTH_THROTTLE, throttleAuth } from "@/lib/accounts/throttle";
import { unknownAddressWarning } from "@/lib/http/client-address";
import { createMemoryRateLimiter } from "@/lib/ratelimit/memory";

describe("logins without a client address (plain next start, no trusted proxy)", () => {
  it("share one cap: spraying one password over 501 emails ends in 429", async () => {
    const limiter = createMemoryRateLimiter();
    const results: string[] = [];
    for (let i = 0; i <= AUTH_THROTTLE.loginUnknownAddress.limit; i++) {
      results.push(await throttleAuth(limiter, { action: "login", email: `victim-${i}@example.com`, ip: null }, 1_000).then(() => "ok", (err: { code: string }) => err.code));
    }
    expect(results.slice(0, 500).every((r) => r === "ok")).toBe(true);
    expect(results[500]).toBe("rate_limited");
    // A client whose address is known is not held by the shared cap.
    await expect(throttleAuth(limiter, { action: "login", email: "someone@example.com", ip: "203.0.113.5" }, 1_000)).resolves.toBeUndefined();
  });

  it("a hosted start that cannot know any address is warned about; known addresses or embedded mode are not", () => {
    const trust = { trustedProxyHops: 0, onVercel: false };
    expect(unknownAddressWarning({ hosted: true, trust, peerHeaderSet: false })).toMatch(/TRUSTED_PROXY_HOPS/);
    expect(unknownAddressWarning({ hosted: true, trust, peerHeaderSet: true })).toBeNull();
    expect(unknownAddressWarning({ hosted: true, trust: { trustedProxyHops: 1, onVercel: false }, peerHeaderSet: false })).toBeNull();
    expect(unknownAddressWarning({ hosted: true, trust: { trustedProxyHops: 0, onVercel: true }, peerHeaderSet: false })).toBeNull();
    expect(unknownAddressWarning({ hosted: false, trust, peerHeaderSet: false })).toBeNull();
  });
});
