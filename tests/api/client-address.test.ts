/**
 * TRUSTED_PROXY_HOPS (RUNTIME.md): the client address comes from X-Forwarded-For only
 * through the configured number of proxies. Invariant: whatever a client writes into
 * X-Forwarded-For, its requests count against the address the server actually saw.
 */
import { describe, expect, it } from "vitest";
import { clientAddress } from "@/lib/http/client-address";
import { PEER_ADDRESS_HEADER } from "@/lib/http/path-guard.mjs";
import { callJson } from "../support/app";
import { randomIp, uniqueEmail } from "../support/factories";
import { useServices } from "../support/services";

useServices({ TRUSTED_PROXY_HOPS: "0" });

const req = (headers: Record<string, string>) => new Request("http://localhost/x", { headers });

describe("happy", () => {
  it.each([
    [0, "203.0.113.9", "10.0.0.1, 10.0.0.2", "203.0.113.9"],
    [1, "203.0.113.9", "10.0.0.1, 10.0.0.2", "10.0.0.2"],
    [2, "203.0.113.9", "10.0.0.1, 10.0.0.2", "10.0.0.1"],
    [3, "203.0.113.9", "10.0.0.1, 10.0.0.2", null],
    [1, "203.0.113.9", "", null],
    [0, "", "10.0.0.1", null],
    [1, "", "10.0.0.1, 10.0.0.2", "10.0.0.2"],
  ])("hops %i, peer %s, X-Forwarded-For %j → %s", (hops, peer, xff, expected) => {
    const headers: Record<string, string> = {};
    if (peer) headers[PEER_ADDRESS_HEADER] = peer;
    if (xff) headers["x-forwarded-for"] = xff;
    expect(clientAddress(req(headers), { trustedProxyHops: hops, onVercel: false })).toBe(expected);
  });

  it("on Vercel the platform's header is the client, whatever else was sent", () => {
    const headers = { "x-vercel-forwarded-for": "198.51.100.7", "x-forwarded-for": "10.9.9.9", [PEER_ADDRESS_HEADER]: "10.0.0.1" };
    expect(clientAddress(req(headers), { trustedProxyHops: 0, onVercel: true })).toBe("198.51.100.7");
  });
});

describe("security", () => {
  it("without a server entry that declares it writes the peer header (next start), a client's peer header is ignored; trusted hops still rule", () => {
    const flag = Symbol.for("docscan.peerAddressHeaderSet");
    const global = globalThis as unknown as Record<symbol, unknown>;
    const saved = global[flag];
    delete global[flag];
    try {
      const headers = { [PEER_ADDRESS_HEADER]: "10.1.0.7", "x-forwarded-for": "10.9.9.9, 203.0.113.9" };
      expect(clientAddress(req(headers), { trustedProxyHops: 0, onVercel: false })).toBeNull();
      expect(clientAddress(req(headers), { trustedProxyHops: 1, onVercel: false })).toBe("203.0.113.9");
    } finally {
      global[flag] = saved;
    }
  });

  it("with no trusted proxy, a rotating X-Forwarded-For does not escape the signup throttle", async () => {
    const peer = randomIp();
    for (let i = 0; i < 10; i++) {
      const res = await callJson("POST", "/v1/auth/signup", { json: { email: uniqueEmail(), password: "correct horse battery" }, headers: { [PEER_ADDRESS_HEADER]: peer, "x-forwarded-for": randomIp() } });
      expect(res.status).toBe(201);
    }
    const res = await callJson("POST", "/v1/auth/signup", { json: { email: uniqueEmail(), password: "correct horse battery" }, headers: { [PEER_ADDRESS_HEADER]: peer, "x-forwarded-for": randomIp() } });
    expect(res.status).toBe(429);
    expect(res.body.error).toBe("rate_limited");
  }, 120_000);
});
