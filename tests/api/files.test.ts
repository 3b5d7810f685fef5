import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { advanceClock, now, resetClock } from "@/lib/clock";
import { schema } from "@/lib/db";
import { call, callJson } from "../support/app";
import { signup } from "../support/factories";
import { useServices } from "../support/services";
import { createSessionWith, pdfBytes, uploadJson } from "../support/sessions";

const svc = useServices({ FILE_URL_TTL_SECONDS: "60", FILE_RETENTION_SECONDS: "120" });
afterEach(() => resetClock());

const local = (url: string) => url.replace("http://localhost:3000", "");

async function completed(bytes = pdfBytes(1234)) {
  const a = await signup();
  const s = await createSessionWith(a.secretKey);
  const res = await uploadJson(s.client_token, bytes);
  expect(res.status).toBe(200);
  const [file] = await svc.get().db.select().from(schema.files).where(eq(schema.files.sessionId, s.id));
  return { a, s, url: res.body.result.url as string, file };
}

function tamper(url: string, part: "id" | "exp" | "sig"): string {
  const u = new URL(url);
  if (part === "id") u.pathname = u.pathname.slice(0, -1) + (u.pathname.endsWith("a") ? "b" : "a");
  if (part === "exp") u.searchParams.set("exp", String(Number(u.searchParams.get("exp")) + 1000));
  if (part === "sig") u.searchParams.set("sig", u.searchParams.get("sig")!.replace(/^./, (c) => (c === "A" ? "B" : "A")));
  return u.toString();
}

describe("happy", () => {
  it("streams the PDF with its type, length and no-store caching", async () => {
    const { url } = await completed(pdfBytes(1234));
    const res = await call("GET", local(url));
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(res.headers.get("content-length")).toBe("1234");
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    expect(Buffer.from(await res.arrayBuffer()).equals(pdfBytes(1234))).toBe(true);
  });

  it("each session read signs a fresh url that also works", async () => {
    const { a, s } = await completed();
    advanceClock(30_000);
    const read = await callJson("GET", `/v1/sessions/${s.id}`, { bearer: a.secretKey });
    const exp = Number(new URL(read.body.result.url).searchParams.get("exp"));
    expect(exp - now().getTime()).toBeGreaterThan(59_000);
    expect(exp - now().getTime()).toBeLessThanOrEqual(60_000);
    expect((await call("GET", local(read.body.result.url))).status).toBe(200);
  });
});

describe("errors", () => {
  it("404 not_found once exp has passed (signature intact)", async () => {
    const { url } = await completed();
    advanceClock(61_000);
    const res = await callJson("GET", local(url));
    expect(res.status).toBe(404);
    expect(res.body.error).toBe("not_found");
  });

  it("404 not_found past retention at read time, even before the sweep", async () => {
    const { a, s } = await completed();
    advanceClock(100_000);
    const read = await callJson("GET", `/v1/sessions/${s.id}`, { bearer: a.secretKey });
    advanceClock(30_000); // url still valid (exp = +160 s), retention (+120 s) passed
    const res = await callJson("GET", local(read.body.result.url));
    expect(res.status).toBe(404);
    expect(res.body.error).toBe("not_found");
  });
});

describe("security", () => {
  it.each(["id", "exp", "sig"] as const)("403 invalid_signature when %s is changed", async (part) => {
    const { url } = await completed();
    const res = await callJson("GET", local(tamper(url, part)));
    expect(res.status).toBe(403);
    expect(res.body.error).toBe("invalid_signature");
  });

  it("403 for missing or malformed exp/sig, and for another file's signature", async () => {
    const one = await completed();
    const two = await completed();
    const u1 = new URL(one.url);
    const u2 = new URL(two.url);
    for (const q of ["", `?exp=${u1.searchParams.get("exp")}`, `?sig=${u1.searchParams.get("sig")}`, `?exp=abc&sig=${u1.searchParams.get("sig")}`]) {
      expect((await callJson("GET", `${u1.pathname}${q}`)).status).toBe(403);
    }
    expect((await callJson("GET", `${u1.pathname}${u2.search}`)).status).toBe(403);
    expect((await callJson("GET", `/v1/files/nope${u1.search}`)).status).toBe(403);
  });
});
