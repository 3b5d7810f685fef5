import { PEER_ADDRESS_HEADER } from "./path-guard.mjs";

export interface AddressTrust {
  /** Proxies in front of the service that append to `X-Forwarded-For` (TRUSTED_PROXY_HOPS). */
  trustedProxyHops: number;
  /** On Vercel the platform's own header names the client; nothing else is trusted. */
  onVercel: boolean;
}

/**
 * The client's address for per-address limits (RUNTIME.md, TRUSTED_PROXY_HOPS). The chain
 * is the `X-Forwarded-For` entries followed by the TCP peer (set by scripts/server.mjs, which
 * overwrites whatever a client sent in that header); the client is the entry `hops` places
 * from the right, so with 0 hops `X-Forwarded-For` is ignored and the peer is the client.
 * Entries left of the trusted hops were written by the client and are never used. Null when
 * the chain is too short to say (no server entry in front, as in in-process tests, or fewer
 * entries than configured proxies): callers then count by email only.
 */
export function clientAddress(req: Request, trust: AddressTrust): string | null {
  const h = req.headers;
  if (trust.onVercel) return clean(h.get("x-vercel-forwarded-for")?.split(",")[0] ?? h.get("x-real-ip"));
  const peer = clean(h.get(PEER_ADDRESS_HEADER));
  if (!peer) return null;
  const forwarded = (h.get("x-forwarded-for") ?? "").split(",").map((s) => s.trim()).filter(Boolean);
  const chain = [...forwarded, peer];
  return clean(chain[chain.length - 1 - trust.trustedProxyHops]);
}

function clean(value: string | null | undefined): string | null {
  const v = value?.trim();
  return v ? v.slice(0, 100) : null;
}
