import { SignJWT } from "jose";
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
    const token = await signClientToken(config, SID, later);
    expect(token.split(".")).toHaveLength(3);
    expect(await verifyClientToken(config, token, now)).toEqual({ ok: true, sessionId: SID });
    expect(await verifyClientToken(config, token, later)).toEqual({ ok: false, reason: "expired", sessionId: SID });
  });

  it("is deterministic for one session and expiry (re-issued by config?c=)", async () => {
    expect(await signClientToken(config, SID, later)).toBe(await signClientToken(config, SID, later));
  });

  it("refuses another key, tampering, truncation, garbage and alg none", async () => {
    const token = await signClientToken(config, SID, later);
    const [h, p, s] = token.split(".");
    const flipped = `${h}.${p}.${s.slice(0, -2)}${s.endsWith("A") ? "BB" : "AA"}`;
    const payload = Buffer.from(JSON.stringify({ sid: "sess_zzzzzzzzzzzzzzzzzzzz", use: "ct", exp: 9e9 })).toString("base64url");
    const none = `${Buffer.from('{"alg":"none"}').toString("base64url")}.${payload}.`;
    for (const bad of [flipped, `${h}.${payload}.${s}`, `${h}.${p}`, "", "x.y.z", none, token + "x", "a".repeat(2000)]) {
      expect(await verifyClientToken(config, bad, now)).toEqual({ ok: false, reason: "invalid" });
    }
    expect(await verifyClientToken(other, token, now)).toEqual({ ok: false, reason: "invalid" });
  });

  it("refuses a JWT under the same key that lacks the purpose claim or a well-formed sid", async () => {
    const key = new Uint8Array(deriveKey(config.appSecret, "client-token"));
    const noUse = await new SignJWT({ sid: SID }).setProtectedHeader({ alg: "HS256" }).setExpirationTime(9e9).sign(key);
    const badSid = await new SignJWT({ sid: "x", use: "ct" }).setProtectedHeader({ alg: "HS256" }).setExpirationTime(9e9).sign(key);
    expect(await verifyClientToken(config, noUse, now)).toEqual({ ok: false, reason: "invalid" });
    expect(await verifyClientToken(config, badSid, now)).toEqual({ ok: false, reason: "invalid" });
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
    expect(verifyHandoffCode(config, await signClientToken(config, SID, later))).toBeNull();
    expect(await verifyClientToken(config, code, now)).toEqual({ ok: false, reason: "invalid" });
  });
});
