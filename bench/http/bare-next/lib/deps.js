/**
 * The bare baseline's whole toolkit: one pg pool, one Redis client, an HMAC token. Each
 * handler does the minimal equivalent of the app's work, so app ÷ bare Next is
 * what our own code costs on top of the framework.
 */
import { Buffer } from "node:buffer";
import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import pg from "pg";
import { createClient } from "redis";

const holder = globalThis;
export const pool = (holder.__barePool ??= new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 }));
const redisClient = (holder.__bareRedis ??= createClient({ url: process.env.REDIS_URL }).connect());
export const redis = () => redisClient;

const SECRET = process.env.BARE_SECRET ?? "bare-next-baseline-secret";

export const sha256Hex = (value) => createHash("sha256").update(value).digest("hex");
export const newId = (prefix) => `${prefix}_${randomBytes(12).toString("hex")}`;

/** `<session id>.<expiry ms>.<hmac>`: the minimal signed client token. */
export function signToken(sessionId, expiresAt) {
  const body = `${sessionId}.${expiresAt.getTime()}`;
  return `${body}.${createHmac("sha256", SECRET).update(body).digest("base64url")}`;
}

/** The session id of a valid, unexpired token, else null. */
export function verifyToken(token) {
  const [id, exp, mac] = String(token ?? "").split(".");
  if (!id || !exp || !mac) return null;
  const expected = createHmac("sha256", SECRET).update(`${id}.${exp}`).digest();
  const given = Buffer.from(mac, "base64url");
  if (given.length !== expected.length || !timingSafeEqual(given, expected) || Number(exp) < Date.now()) return null;
  return id;
}

export const json = (status, body) => new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store" } });
