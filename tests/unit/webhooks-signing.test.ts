import { createHmac } from "node:crypto";
import Stripe from "stripe";
import { describe, expect, it } from "vitest";
import { signPayload } from "@/lib/webhooks/sign-payload";
import { verifySignature } from "@docscan/verify-webhook";
import { maskSecret, newWebhookSecret } from "@/lib/webhooks/webhook-secret";

const secret = "whsec_test_0123456789abcdef";
const body = '{"type":"scan.completed","session_id":"sess_1","metadata":{"a":"ü"},"result":null,"created_at":"2026-01-01T00:00:00.000Z"}';
const stripe = new Stripe("sk_test_unused");

describe("signPayload", () => {
  it("is t=<unix>,v1=<hex HMAC-SHA256 of `t.body` keyed with the whole whsec_ string>", () => {
    const header = signPayload(secret, body, 1_700_000_000);
    const expected = createHmac("sha256", secret).update(`1700000000.${body}`).digest("hex");
    expect(header).toBe(`t=1700000000,v1=${expected}`);
  });

  it("changes with t, body and secret", () => {
    const a = signPayload(secret, body, 1);
    expect(signPayload(secret, body, 2)).not.toBe(a);
    expect(signPayload(secret, `${body} `, 1)).not.toBe(a);
    expect(signPayload(`${secret}x`, body, 1)).not.toBe(a);
  });
});

describe("verifySignature", () => {
  const t = 1_700_000_000;
  const header = signPayload(secret, body, t);
  const check = (over: Partial<Parameters<typeof verifySignature>[0]>) => verifySignature({ rawBody: body, header, secret, nowSeconds: t, ...over });

  it("accepts the raw bytes as string, Buffer or Uint8Array", () => {
    expect(check({})).toBe(true);
    expect(check({ rawBody: Buffer.from(body) })).toBe(true);
    expect(check({ rawBody: new Uint8Array(Buffer.from(body)) })).toBe(true);
    expect(check({ header: [header] })).toBe(true);
  });

  it("rejects a re-serialised body, another secret, or the secret without its whsec_ prefix", () => {
    expect(check({ rawBody: JSON.stringify(JSON.parse(body), null, 1) })).toBe(false);
    expect(check({ secret: "whsec_other" })).toBe(false);
    expect(check({ secret: secret.slice("whsec_".length) })).toBe(false);
  });

  it("applies a 300-second tolerance both ways, configurable", () => {
    expect(check({ nowSeconds: t + 300 })).toBe(true);
    expect(check({ nowSeconds: t + 301 })).toBe(false);
    expect(check({ nowSeconds: t - 301 })).toBe(false);
    expect(check({ nowSeconds: t + 1000, toleranceSeconds: 1000 })).toBe(true);
  });

  it.each([
    ["missing", undefined],
    ["empty", ""],
    ["no v1", `t=${t}`],
    ["no t", header.split(",")[1]],
    ["non-numeric t", header.replace(`t=${t}`, "t=abc")],
    ["short hex", header.slice(0, -2)],
    ["non-hex", header.replace(/v1=.{4}/, "v1=zzzz")],
    ["t moved", header.replace(`t=${t}`, `t=${t + 1}`)],
  ])("rejects a header that is %s", (_name, h) => {
    expect(check({ header: h, nowSeconds: t })).toBe(false);
  });

  it("accepts when any of several v1 values matches (secret roll-over on the receiver side)", () => {
    const other = signPayload("whsec_old", body, t).split(",")[1];
    expect(check({ header: `${header},${other}` })).toBe(true);
    expect(check({ header: `t=${t},${other}` })).toBe(false);
  });

  it("refuses an empty secret", () => {
    expect(check({ secret: "" })).toBe(false);
  });
});

describe("interop with Stripe's own verifier (same scheme: t.body, hex v1)", () => {
  it("Stripe accepts our header value over our body", () => {
    const now = Math.floor(Date.now() / 1000);
    const event = stripe.webhooks.constructEvent(body, signPayload(secret, body, now), secret, 300);
    expect(event).toEqual(JSON.parse(body));
  });

  it("Stripe rejects our header over a changed body or with another secret", () => {
    const h = signPayload(secret, body, Math.floor(Date.now() / 1000));
    expect(() => stripe.webhooks.constructEvent(body.replace("ü", "u"), h, secret)).toThrow();
    expect(() => stripe.webhooks.constructEvent(body, h, "whsec_other")).toThrow();
  });

  it("our verifier accepts Stripe's own test header", () => {
    const now = Math.floor(Date.now() / 1000);
    const h = stripe.webhooks.generateTestHeaderString({ payload: body, secret, timestamp: now });
    expect(verifySignature({ rawBody: body, header: h, secret, nowSeconds: now })).toBe(true);
  });
});

describe("webhook secrets", () => {
  it("are whsec_ plus 43 base64url characters, unique, and masked to the last four", () => {
    const a = newWebhookSecret();
    expect(a).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(newWebhookSecret()).not.toBe(a);
    expect(maskSecret(a)).toBe(`whsec_****${a.slice(-4)}`);
  });
});
