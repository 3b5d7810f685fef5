import { jwtVerify, SignJWT } from "jose";
import { describe, expect, it } from "vitest";
import { deriveKey } from "@/lib/crypto";
import { signClientToken, signHandoffCode, verifyClientToken, verifyHandoffCode } from "@/lib/tokens";

const config = { appSecret: "unit-test-secret-0123456789abcdef0123" };
const other = { appSecret: "another-secret-0123456789abcdef012345" };
const SID = "sess_0123456789abcdefghij";
const now = new Date("2026-01-01T00:00:00Z");
const later = new Date(now.getTime() + 15 * 60_000);

describe("client token", () => {
  it("round-trips the session id until expiry, then reports expired with the id", async () => {
    const token = signClientToken(config, SID, later);
    expect(token.split(".")).toHaveLength(3);
    expect(verifyClientToken(config, token, now)).toEqual({ ok: true, sessionId: SID });
    expect(verifyClientToken(config, token, later)).toEqual({ ok: false, reason: "expired", sessionId: SID });
  });

  it("a token checked before answers the same: under another secret, past expiry, after thousands of others", () => {
    const token = signClientToken(config, SID, later);
    const first = verifyClientToken(config, token, now);
    // The same text again (the status poll's case), then what only a fresh check would catch.
    expect(verifyClientToken(config, token, now)).toEqual(first);
    expect(verifyClientToken(other, token, now)).toEqual({ ok: false, reason: "invalid" });
    expect(verifyClientToken(config, token, later)).toEqual({ ok: false, reason: "expired", sessionId: SID });
    for (let i = 0; i < 3000; i++) {
      const sid = `sess_${String(i).padStart(20, "0")}`;
      expect(verifyClientToken(config, signClientToken(config, sid, later), now)).toEqual({ ok: true, sessionId: sid });
    }
    expect(verifyClientToken(config, token, now)).toEqual({ ok: true, sessionId: SID });
    expect(verifyClientToken(other, token, now)).toEqual({ ok: false, reason: "invalid" });
  });

  it("is deterministic for one session and expiry (re-issued by config?c=)", async () => {
    expect(signClientToken(config, SID, later)).toBe(signClientToken(config, SID, later));
  });

  it("refuses another key, tampering, truncation, garbage and alg none", async () => {
    const token = signClientToken(config, SID, later);
    const [h, p, s] = token.split(".");
    const flipped = `${h}.${p}.${s.slice(0, -2)}${s.endsWith("A") ? "BB" : "AA"}`;
    const payload = Buffer.from(JSON.stringify({ sid: "sess_zzzzzzzzzzzzzzzzzzzz", use: "ct", exp: 9e9 })).toString("base64url");
    const none = `${Buffer.from('{"alg":"none"}').toString("base64url")}.${payload}.`;
    for (const bad of [flipped, `${h}.${payload}.${s}`, `${h}.${p}`, "", "x.y.z", none, token + "x", "a".repeat(2000)]) {
      expect(verifyClientToken(config, bad, now)).toEqual({ ok: false, reason: "invalid" });
    }
    expect(verifyClientToken(other, token, now)).toEqual({ ok: false, reason: "invalid" });
  });

  it("is a standard HS256 JWT: jose verifies ours, and ours verifies jose's", async () => {
    const key = new Uint8Array(deriveKey(config.appSecret, "client-token").export());
    const token = signClientToken(config, SID, later);
    const { payload, protectedHeader } = await jwtVerify(token, key, { algorithms: ["HS256"], currentDate: now });
    expect(protectedHeader).toEqual({ alg: "HS256", typ: "JWT" });
    expect(payload).toEqual({ sid: SID, use: "ct", exp: later.getTime() / 1000 });
    const theirs = await new SignJWT({ sid: SID, use: "ct" }).setProtectedHeader({ alg: "HS256", typ: "JWT" }).setExpirationTime(later.getTime() / 1000).sign(key);
    expect(theirs).toBe(token);
    expect(verifyClientToken(config, theirs, new Date(later.getTime() - 1000))).toEqual({ ok: true, sessionId: SID });
  });

  it("refuses a second spelling of the signature and a header other than its own", async () => {
    const key = new Uint8Array(deriveKey(config.appSecret, "client-token").export());
    const token = signClientToken(config, SID, later);
    const [h, p, s] = token.split(".");
    // 43 base64url characters carry 258 bits: the last one's low 2 bits are padding, so it has twins.
    const twin = s.slice(0, -1) + "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"[("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".indexOf(s.at(-1)!) ^ 1)];
    expect(Buffer.from(twin, "base64url")).toEqual(Buffer.from(s, "base64url"));
    expect(verifyClientToken(config, `${h}.${p}.${twin}`, now)).toEqual({ ok: false, reason: "invalid" });
    const noTyp = await new SignJWT({ sid: SID, use: "ct" }).setProtectedHeader({ alg: "HS256" }).setExpirationTime(9e9).sign(key);
    expect(verifyClientToken(config, noTyp, now)).toEqual({ ok: false, reason: "invalid" });
    const noExp = await new SignJWT({ sid: SID, use: "ct" }).setProtectedHeader({ alg: "HS256", typ: "JWT" }).sign(key);
    expect(verifyClientToken(config, noExp, now)).toEqual({ ok: false, reason: "invalid" });
  });

  it("refuses a JWT under the same key that lacks the purpose claim or a well-formed sid", async () => {
    const key = new Uint8Array(deriveKey(config.appSecret, "client-token").export());
    const noUse = await new SignJWT({ sid: SID }).setProtectedHeader({ alg: "HS256" }).setExpirationTime(9e9).sign(key);
    const badSid = await new SignJWT({ sid: "x", use: "ct" }).setProtectedHeader({ alg: "HS256" }).setExpirationTime(9e9).sign(key);
    expect(verifyClientToken(config, noUse, now)).toEqual({ ok: false, reason: "invalid" });
    expect(verifyClientToken(config, badSid, now)).toEqual({ ok: false, reason: "invalid" });
  });
});

describe("hand-off code", () => {
  it("is short and resolves to its session", () => {
    const code = signHandoffCode(config, SID);
    expect(code).toMatch(/^sess_[0-9a-z]{20}\.[A-Za-z0-9_-]{16}$/);
    expect(code.length).toBe(42);
    expect(verifyHandoffCode(config, code)).toBe(SID);
  });

  it("refuses tampering, another key, another session's mac, and client tokens", async () => {
    const code = signHandoffCode(config, SID);
    const otherSid = "sess_aaaaaaaaaaaaaaaaaaaa";
    expect(verifyHandoffCode(config, `${otherSid}.${code.split(".")[1]}`)).toBeNull();
    expect(verifyHandoffCode(config, code.slice(0, -1) + (code.endsWith("A") ? "B" : "A"))).toBeNull();
    expect(verifyHandoffCode(other, code)).toBeNull();
    expect(verifyHandoffCode(config, signClientToken(config, SID, later))).toBeNull();
    expect(verifyClientToken(config, code, now)).toEqual({ ok: false, reason: "invalid" });
  });
});
