import jsQR from "jsqr";
import { describe, expect, it } from "vitest";
import { call, callJson } from "../support/app";
import { signup } from "../support/factories";
import { useServices } from "../support/services";
import { createSessionWith, openScanner, pdfBytes, uploadJson } from "../support/sessions";

const svc = useServices();

/** Rasterises the served SVG (our `M x y h n v1 h -n z` runs) at 6 px per module and decodes it with jsQR. */
function decodeQrSvg(svg: string): string | null {
  const size = Number(/viewBox="0 0 (\d+) \d+"/.exec(svg)?.[1]);
  const scale = 6;
  const px = size * scale;
  const data = new Uint8ClampedArray(px * px * 4).fill(255);
  const path = /<path[^>]* d="([^"]*)"/.exec(svg)?.[1] ?? "";
  for (const [, xs, ys, ns] of path.matchAll(/M(\d+) (\d+)h(\d+)v1h-\d+z/g)) {
    const [x0, y0, n] = [Number(xs), Number(ys), Number(ns)];
    for (let y = y0 * scale; y < (y0 + 1) * scale; y++) {
      for (let x = x0 * scale; x < (x0 + n) * scale; x++) data.fill(0, (y * px + x) * 4, (y * px + x) * 4 + 3);
    }
  }
  return jsQR(data, px, px)?.data ?? null;
}

describe("happy", () => {
  it("GET /v1/sessions/:id with the secret key: the read view, result null until a document exists", async () => {
    const a = await signup();
    const s = await createSessionWith(a.secretKey, { metadata: { order: 7 } });
    const res = await callJson("GET", `/v1/sessions/${s.id}`, { bearer: a.secretKey });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id: s.id, status: "created", mode: "test", created_with: "secret", metadata: { order: 7 }, created_at: expect.any(String), expires_at: s.expires_at, redacted: false, redacted_at: null, result: null });
    await openScanner(s.client_token);
    expect((await callJson("GET", `/v1/sessions/${s.id}`, { bearer: a.secretKey })).body.status).toBe("opened");
    expect((await uploadJson(s.client_token, pdfBytes(2000), { pages: 2 })).status).toBe(200);
    const done = await callJson("GET", `/v1/sessions/${s.id}`, { bearer: a.secretKey });
    expect(done.body.status).toBe("completed");
    expect(done.body.result).toEqual({ url: expect.stringMatching(/^http:\/\/localhost:3000\/v1\/files\/file_[0-9a-z]+\?exp=\d+&sig=/), page_count: 2, bytes: 2000, content_type: "application/pdf", pages: [] });
  });

  it("GET /v1/sessions/:id/status?t= answers the status view with no-referrer", async () => {
    const a = await signup();
    const s = await createSessionWith(a.secretKey);
    const res = await callJson("GET", `/v1/sessions/${s.id}/status?t=${s.client_token}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id: s.id, status: "created", expires_at: s.expires_at, result: null });
    expect(res.headers.get("referrer-policy")).toBe("no-referrer");
    await uploadJson(s.client_token, pdfBytes(900));
    const after = await callJson("GET", `/v1/sessions/${s.id}/status?t=${s.client_token}`);
    expect(after.body).toEqual({
      id: s.id,
      status: "completed",
      expires_at: s.expires_at,
      result: { url: expect.stringMatching(/^http:\/\/localhost:3000\/v1\/files\/file_[0-9a-z]+\?exp=\d+&sig=/), bytes: 900, page_count: 1, content_type: "application/pdf", pages: [] },
    });
  });

  it("GET /v1/sessions/:id/qr serves an SVG that decodes to scan_url_base?c=<code>, which opens the same session", async () => {
    const a = await signup();
    const s = await createSessionWith(a.secretKey);
    const res = await call("GET", `/v1/sessions/${s.id}/qr?t=${s.client_token}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/svg+xml");
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    expect(res.headers.get("referrer-policy")).toBe("no-referrer");
    const decoded = decodeQrSvg(await res.text());
    expect(decoded).toMatch(new RegExp(`^${svc.get().config.scanUrlBase}\\?c=sess_[0-9a-z]{20}\\.[A-Za-z0-9_-]{16}$`));
    const code = new URL(decoded!).searchParams.get("c")!;
    expect(decoded!.length).toBeLessThan(s.scan_url.length / 2);
    const config = await callJson("GET", `/v1/scanner/config?c=${code}`);
    expect(config.status).toBe(200);
    expect(config.body.session_id).toBe(s.id);
    expect(config.body.client_token).toBe(s.client_token);
  });
});

describe("errors", () => {
  it("status and qr: 401 invalid_token for missing, tampered or foreign-key tokens and for a hand-off code", async () => {
    const a = await signup();
    const s = await createSessionWith(a.secretKey);
    const qr = await call("GET", `/v1/sessions/${s.id}/qr?t=${s.client_token}`);
    const code = new URL(decodeQrSvg(await qr.text())!).searchParams.get("c")!;
    const tampered = s.client_token.slice(0, -3) + (s.client_token.endsWith("AAA") ? "BBB" : "AAA");
    for (const kind of ["status", "qr"]) {
      for (const t of ["", `?t=${tampered}`, "?t=abc", `?t=${code}`, `?t=${"x".repeat(5000)}`]) {
        const res = await callJson("GET", `/v1/sessions/${s.id}/${kind}${t}`);
        expect(res.status, `${kind} ${t.slice(0, 20)}`).toBe(401);
        expect(res.body.error).toBe("invalid_token");
        expect(res.headers.get("referrer-policy")).toBe("no-referrer");
      }
    }
  });

  it("status and qr: 404 not_found when the token belongs to another session", async () => {
    const a = await signup();
    const s1 = await createSessionWith(a.secretKey);
    const s2 = await createSessionWith(a.secretKey);
    for (const kind of ["status", "qr"]) {
      const res = await callJson("GET", `/v1/sessions/${s1.id}/${kind}?t=${s2.client_token}`);
      expect(res.status).toBe(404);
      expect(res.body.error).toBe("not_found");
    }
  });

  it("GET /v1/sessions/:id: unknown id 404; 405 for other methods", async () => {
    const a = await signup();
    expect((await callJson("GET", "/v1/sessions/sess_aaaaaaaaaaaaaaaaaaaa", { bearer: a.secretKey })).status).toBe(404);
    expect((await callJson("GET", `/v1/sessions/${"%27".repeat(50)}`, { bearer: a.secretKey })).status).toBe(404);
    const del = await callJson("DELETE", "/v1/sessions/sess_aaaaaaaaaaaaaaaaaaaa", { bearer: a.secretKey });
    expect(del.status).toBe(405);
  });
});

describe("security", () => {
  it("GET /v1/sessions/:id: publishable key 401 secret_key_required; no or bad key 401 invalid_api_key", async () => {
    const a = await signup();
    const s = await createSessionWith(a.secretKey);
    const pk = await callJson("GET", `/v1/sessions/${s.id}`, { bearer: a.publishableKey });
    expect(pk.status).toBe(401);
    expect(pk.body.error).toBe("secret_key_required");
    for (const auth of [{}, { bearer: "sk_test_short" }, { cookie: a.cookie }, { bearer: s.client_token }]) {
      const res = await callJson("GET", `/v1/sessions/${s.id}`, auth);
      expect(res.status).toBe(401);
      expect(res.body.error).toBe("invalid_api_key");
    }
  });

  it("another tenant's session is 404 not_found, never 403, and reveals nothing", async () => {
    const a = await signup();
    const b = await signup();
    const s = await createSessionWith(a.secretKey, { metadata: { secret: "a-only" } });
    const res = await callJson("GET", `/v1/sessions/${s.id}`, { bearer: b.secretKey });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: "not_found", message: expect.any(String) });
    expect(JSON.stringify(res.body)).not.toContain("a-only");
  });
});
