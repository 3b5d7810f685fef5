import { createHmac } from "node:crypto";
import { json, newId, pool, redis, sha256Hex } from "../../../../lib/deps.js";

export const dynamic = "force-dynamic";

/**
 * The baseline's opening as it stood before it did the app's work (bench/http/bare-next/lib/deps.js),
 * kept to show the difference: one key lookup joined to its tenant, one Redis fixed-window call,
 * `credits ≥ 1` instead of the credit rule, one insert committed synchronously, a plain HMAC token (`<id>.<expiry>.<mac>`).
 * No check of the body, no scanner settings, no held credit.
 */
export async function POST(req) {
  const key = /^Bearer (.+)$/.exec(req.headers.get("authorization") ?? "")?.[1];
  const body = await req.json();
  const { rows } = await pool.query(
    "select k.tenant_id, k.mode, t.credits from api_keys k join tenants t on t.id = k.tenant_id where k.key_hash = $1 and k.revoked_at is null",
    [sha256Hex(key ?? "")],
  );
  const owner = rows[0];
  if (!owner) return json(401, { error: "invalid_api_key" });
  const window = Math.floor(Date.now() / 60_000);
  const [count] = await (await redis()).multi().incr(`bare:rl:${owner.tenant_id}:${window}`).expire(`bare:rl:${owner.tenant_id}:${window}`, 60).exec();
  if (Number(count) > 100_000_000) return json(429, { error: "rate_limited" });
  if (owner.credits < 1) return json(402, { error: "insufficient_credits" });
  const id = newId("sess");
  const now = new Date();
  const expiresAt = new Date(now.getTime() + 3_600_000);
  await pool.query(
    "insert into sessions (id, tenant_id, mode, metadata, scanner, allowed_origins, created_at, expires_at) values ($1, $2, $3, $4, '{}', '[]', $5, $6)",
    [id, owner.tenant_id, owner.mode, JSON.stringify(body.metadata ?? {}), now, expiresAt],
  );
  let token = `${id}.${expiresAt.getTime()}`;
  token += `.${createHmac("sha256", "bare-next-minimal").update(token).digest("base64url")}`;
  return json(201, { id, mode: owner.mode, client_token: token, scan_url: `http://localhost/scan?t=${token}`, expires_at: expiresAt.toISOString() });
}
