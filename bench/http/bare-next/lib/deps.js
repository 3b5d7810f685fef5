/**
 * The bare baseline's whole toolkit: one pg pool, one Redis client, node:crypto. The session
 * handlers do the same work as the app's routes for the requests the bench sends (the same SQL
 * statements, the same Redis script, the same checks of the body, the same token format),
 * written straight into a route handler: no wrappers, no deadlines, no error mapping, no
 * logging; the upload does its essentials (docs/benchmarks.md has the table). App ÷ bare Next
 * is then what our own code costs on top of the framework.
 */
import { Buffer } from "node:buffer";
import { createHash, createHmac, createSecretKey, randomBytes, timingSafeEqual } from "node:crypto";
import pg from "pg";
import { createClient, defineScript } from "redis";

const holder = globalThis;
export const pool = (holder.__barePool ??= new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 }));

/** The app's fixed-window counter (lib/ratelimit/fixed-window.ts), by EVALSHA. */
const incrWithExpiry = defineScript({
  SCRIPT: "local c = redis.call('INCR', KEYS[1]); if c == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end; return c",
  NUMBER_OF_KEYS: 1,
  parseCommand(parser, key, ttlMs) {
    parser.pushKey(key);
    parser.push(String(ttlMs));
  },
  transformReply: (reply) => Number(reply),
});
const redisClient = (holder.__bareRedis ??= createClient({ url: process.env.REDIS_URL, scripts: { incrWithExpiry } }).connect());
export const redis = () => redisClient;

/** One hit in the tenant's fixed window; whether it is within `limit`. */
export async function rateLimitHit(key, limit, windowMs) {
  const windowStart = Math.floor(Date.now() / windowMs) * windowMs;
  const count = await (await redis()).incrWithExpiry(`bare:rl:${key}:${windowStart}`, windowMs);
  return count <= limit;
}

const SECRET = process.env.BARE_SECRET ?? "bare-next-baseline-secret";
const TOKEN_KEY = createSecretKey(createHmac("sha256", SECRET).update("docscan:client-token").digest());
const TOKEN_HEADER = Buffer.from(JSON.stringify({ alg: "HS256", typ: "JWT" })).toString("base64url");
const mac = (input) => createHmac("sha256", TOKEN_KEY).update(input).digest("base64url");

export const sha256Hex = (value) => createHash("sha256").update(value).digest("hex");
export const newId = (prefix) => `${prefix}_${randomBytes(10).toString("hex")}`;

/** The app's client token: an HS256 JWT with `sid`, `use` and `exp` (seconds). */
export function signToken(sessionId, expiresAt) {
  const claims = Buffer.from(JSON.stringify({ sid: sessionId, use: "ct", exp: Math.ceil(expiresAt.getTime() / 1000) })).toString("base64url");
  const input = `${TOKEN_HEADER}.${claims}`;
  return `${input}.${mac(input)}`;
}

/** `{ sessionId, expired }` of a token with a good signature and claims, else null. */
export function verifyToken(token) {
  const parts = typeof token === "string" && token.length <= 1024 ? token.split(".") : [];
  if (parts.length !== 3 || parts[0] !== TOKEN_HEADER) return null;
  const given = Buffer.from(parts[2]);
  const expected = Buffer.from(mac(`${parts[0]}.${parts[1]}`));
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  let claims;
  try {
    claims = JSON.parse(Buffer.from(parts[1], "base64url").toString("utf8"));
  } catch {
    return null;
  }
  if (typeof claims?.sid !== "string" || claims.use !== "ct" || typeof claims.exp !== "number") return null;
  return { sessionId: claims.sid, expired: Math.floor(Date.now() / 1000) >= claims.exp };
}

export const json = (status, body) => new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store" } });
