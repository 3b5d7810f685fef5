import { PEER_ADDRESS_HEADER, peerAddressHeaderIsSet } from "./path-guard.mjs";

export interface AddressTrust {
  /** Proxies in front of the service that append to `X-Forwarded-For` (TRUSTED_PROXY_HOPS). */
  trustedProxyHops: number;
  /** On Vercel the platform's own header names the client; nothing else is trusted. */
  onVercel: boolean;
}

/**
 * The client's address for per-address limits (RUNTIME.md, TRUSTED_PROXY_HOPS). The chain
 * is the `X-Forwarded-For` entries followed by the TCP peer, and the client is the entry
 * `hops` places from the right, so with 0 hops `X-Forwarded-For` is ignored and the peer is
 * the client. The peer comes from `PEER_ADDRESS_HEADER` only when the server entry declared
 * that it overwrites that header (scripts/server.mjs); under any other entry (`next start`,
 * a standalone server) the peer is unknown, and the trusted proxies' entries alone decide.
 * Entries left of the trusted hops were written by the client and are never used. Null when
 * the chain is too short to say (no peer and no trusted proxy, or fewer entries than
 * configured proxies): callers then count by email, and signups all together.
 */
export function clientAddress(req: Request, trust: AddressTrust): string | null {
  const h = req.headers;
  if (trust.onVercel) return clean(h.get("x-vercel-forwarded-for")?.split(",")[0] ?? h.get("x-real-ip"));
  const forwarded = (h.get("x-forwarded-for") ?? "").split(",").map((s) => s.trim()).filter(Boolean);
  const peer = peerAddressHeaderIsSet() ? clean(h.get(PEER_ADDRESS_HEADER)) : null;
  if (peer) return clean([...forwarded, peer][forwarded.length - trust.trustedProxyHops]);
  // No known peer: the nearest trusted proxy's entry is the last one, the client's `hops - 1` left of it.
  if (trust.trustedProxyHops === 0) return null;
  return clean(forwarded[forwarded.length - trust.trustedProxyHops]);
}

function clean(value: string | null | undefined): string | null {
  const v = value?.trim();
  return v ? v.slice(0, 100) : null;
}

/**
 * The warning a hosted start logs when no request will have a client address: not on Vercel,
 * no trusted proxy, and no server entry writing the peer's address (plain `next start`). Every
 * per-address limit then falls back to its shared cap (signup 50, login 500 per 15 minutes for
 * all clients together), so one client can use those up for everyone. Null when addresses are known.
 */
export function unknownAddressWarning({ hosted, trust, peerHeaderSet }: { hosted: boolean; trust: AddressTrust; peerHeaderSet: boolean }): string | null {
  if (!hosted || trust.onVercel || trust.trustedProxyHops > 0 || peerHeaderSet) return null;
  return (
    "No client address is known for any request: this server entry does not write the peer's address (plain `next start`) and TRUSTED_PROXY_HOPS is 0. " +
    "Signup and login limits fall back to caps shared by every client (50 signups, 500 logins per 15 minutes). " +
    "Set TRUSTED_PROXY_HOPS to the number of proxies in front, or start with `npm start` (scripts/server.mjs)."
  );
}
