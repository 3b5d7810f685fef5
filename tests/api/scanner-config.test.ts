import { describe, expect, it } from "vitest";
import { PLATFORM_DEFAULTS } from "@/lib/scanner-settings";
import { signHandoffCode } from "@/lib/tokens";
import { callJson } from "../support/app";
import { addDomain, signup } from "../support/factories";
import { useServices } from "../support/services";
import { createSessionWith, pdfBytes, putBlob, sessionRow, uploadJson } from "../support/sessions";

const svc = useServices();
const config = (query: string) => callJson("GET", `/v1/scanner/config${query}`);

describe("happy", () => {
  it("with t: the spec's fields, upload URL bound to the session's key, created → opened", async () => {
    const a = await signup();
    const s = await createSessionWith(a.secretKey, { scanner: { locale: "de" } });
    const res = await config(`?t=${s.client_token}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("referrer-policy")).toBe("no-referrer");
    expect(res.body).toEqual({
      session_id: s.id,
      client_token: s.client_token,
      upload: { url: expect.any(String), content_type: "application/pdf", expires_at: s.expires_at, max_bytes: 26214400 },
      complete_url: "http://localhost:3000/v1/scanner/complete",
      upload_url: "http://localhost:3000/v1/scanner/upload",
      scanner: { ...structuredClone(PLATFORM_DEFAULTS), locale: "de" },
      allowed_origins: [],
    });
    const upload = new URL(res.body.upload.url);
    expect(upload.origin + upload.pathname).toBe("http://localhost:3000/v1/scanner/blob");
    expect(upload.searchParams.get("key")).toBe(`uploads/${s.id}.pdf`);
    expect(Number(upload.searchParams.get("exp"))).toBe(Date.parse(s.expires_at));
    const row = await sessionRow(svc.get().db, s.id);
    expect(row).toMatchObject({ status: "opened", openedAt: expect.any(Date) });
    expect((await config(`?t=${s.client_token}`)).status).toBe(200);
    expect((await sessionRow(svc.get().db, s.id)).openedAt).toEqual(row.openedAt);
  });

  it("carries the session's allowed_origins for the scanner's postMessage handshake", async () => {
    const a = await signup();
    await addDomain(a.cookie, "https://shop.example.com");
    await addDomain(a.cookie, "https://other.example.com");
    const s = await createSessionWith(a.secretKey, { allowed_origins: ["https://shop.example.com"] });
    expect((await config(`?t=${s.client_token}`)).body.allowed_origins).toEqual(["https://shop.example.com"]);
  });

  it("with c: resolves the same session and hands over a client token that uploads", async () => {
    const a = await signup();
    const s = await createSessionWith(a.secretKey);
    const res = await config(`?c=${signHandoffCode(svc.get().config, s.id)}`);
    expect(res.status).toBe(200);
    expect(res.body.session_id).toBe(s.id);
    expect((await uploadJson(res.body.client_token, pdfBytes())).status).toBe(200);
  });

  it("a scanning session stays scanning when the config is read again", async () => {
    const a = await signup();
    const s = await createSessionWith(a.secretKey);
    const c = await config(`?t=${s.client_token}`);
    await putBlob(c.body.upload.url, pdfBytes());
    expect((await config(`?t=${s.client_token}`)).status).toBe(200);
    expect((await sessionRow(svc.get().db, s.id)).status).toBe("scanning");
  });
});

describe("errors", () => {
  it("401 invalid_token: neither t nor c, tampered t or c, a code as t, a token as c", async () => {
    const a = await signup();
    const s = await createSessionWith(a.secretKey);
    const code = signHandoffCode(svc.get().config, s.id);
    const badCode = code.slice(0, -1) + (code.endsWith("A") ? "B" : "A");
    for (const q of ["", "?t=", "?c=", `?t=${s.client_token.slice(0, -1)}`, `?c=${badCode}`, `?t=${code}`, `?c=${s.client_token}`, `?t=${"a".repeat(100_000)}`]) {
      const res = await config(q);
      expect(res.status, q.slice(0, 30)).toBe(401);
      expect(res.body.error).toBe("invalid_token");
      expect(res.headers.get("referrer-policy")).toBe("no-referrer");
    }
    expect((await sessionRow(svc.get().db, s.id)).status).toBe("created");
  });

  it("400 invalid_request when both t and c are sent", async () => {
    const a = await signup();
    const s = await createSessionWith(a.secretKey);
    const res = await config(`?t=${s.client_token}&c=${signHandoffCode(svc.get().config, s.id)}`);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe("invalid_request");
    expect((await sessionRow(svc.get().db, s.id)).status).toBe("created");
  });

  it("409 token_already_used once the session produced its document (with t and with c)", async () => {
    const a = await signup();
    const s = await createSessionWith(a.secretKey);
    await uploadJson(s.client_token, pdfBytes());
    for (const q of [`?t=${s.client_token}`, `?c=${signHandoffCode(svc.get().config, s.id)}`]) {
      const res = await config(q);
      expect(res.status).toBe(409);
      expect(res.body.error).toBe("token_already_used");
    }
  });

  it("POST is a 405", async () => {
    expect((await callJson("POST", "/v1/scanner/config", { json: {} })).status).toBe(405);
  });
});

describe("security", () => {
  it("a code signed for one session cannot be moved to another (another tenant's) id", async () => {
    const a = await signup();
    const b = await signup();
    const sa = await createSessionWith(a.secretKey);
    const sb = await createSessionWith(b.secretKey);
    const mac = signHandoffCode(svc.get().config, sa.id).split(".")[1];
    const res = await config(`?c=${sb.id}.${mac}`);
    expect(res.status).toBe(401);
    expect((await sessionRow(svc.get().db, sb.id)).status).toBe("created");
  });
});
