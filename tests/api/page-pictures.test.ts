import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as schema from "@/lib/db/schema";
import { pagePicturesFolder } from "@/lib/files/page-pictures/stored";
import { forgetDocumentPictures } from "@/lib/sessions/page-pictures";
import { call } from "../support/app";
import { signup } from "../support/factories";
import { branchingPageTree, JPEG, manyPages, objectStreamBomb, withThumb } from "../support/hostile-pdfs";
import { useServices } from "../support/services";
import { createSessionWith, uploadJson } from "../support/sessions";

/**
 * The console's page pictures against the security review's hostile PDFs (finding P1): each is
 * made once, in a worker under limits, and a document over any limit gets no pictures (404 with
 * the limit named), never a 200 after the instance stalled. Without the limits each of these
 * answers 200 with the JPEG, after seconds of a blocked event loop.
 */
const svc = useServices();
const page = (cookie: string, id: string, n: number) => call("GET", `/v1/dashboard/sessions/${id}/pages/${n}`, { headers: { cookie } });

async function uploaded(pdf: Buffer, pages = 1) {
  const a = await signup();
  const s = await createSessionWith(a.secretKey);
  expect((await uploadJson(s.client_token, pdf, { pages })).status).toBe(200);
  return { cookie: a.cookie, sessionId: s.id };
}

async function expectRefused(pdf: Buffer, reason: RegExp, pages = 1) {
  const { cookie, sessionId } = await uploaded(pdf, pages);
  const res = await page(cookie, sessionId, 1);
  expect(res.headers.get("content-type")).toMatch(/^application\/json/);
  const body = await res.json();
  expect(res.status).toBe(404);
  expect(body).toMatchObject({ error: "not_found" });
  expect(body.message).toMatch(/gets no page pictures: it is over a limit/);
  expect(body.message).toMatch(reason);
  return { cookie, sessionId };
}

// Each file is megabytes to build and upload, and a document goes through a worker: on a
// loaded machine that outlasts the default 30 s.
describe("hostile documents get no pictures", { timeout: 120_000 }, () => {
  it("an object stream that inflates to 40 MiB (a decompression bomb)", async () => {
    await expectRefused(objectStreamBomb(40), /inflate to more than 32 MiB/);
  });

  it("a page tree that branches into the same node at every level, 20 levels deep", async () => {
    await expectRefused(branchingPageTree(20), /a page tree deeper than 16/);
  });

  it("100,000 pages for a document recorded with one", async () => {
    await expectRefused(manyPages(100_000), /more than 320 objects/);
  });

  it("a huge /Thumb (5 MiB), over what one picture may be", async () => {
    const huge = Buffer.concat([JPEG.subarray(0, 3), Buffer.alloc(5 << 20, 1)]);
    await expectRefused(withThumb(huge), /a page picture over 4 MiB/);
  });

  it("is refused once: the refusal is stored and the document is not read again", async () => {
    const { cookie, sessionId } = await expectRefused(branchingPageTree(8), /reached twice/);
    const [file] = await svc.get().db.select().from(schema.files).where(eq(schema.files.sessionId, sessionId));
    await svc.get().storage.delete(file.storageKey);
    forgetDocumentPictures();
    const again = await page(cookie, sessionId, 1);
    expect(again.status).toBe(404);
    expect((await again.json()).message).toMatch(/reached twice/);
  });
});

describe("stored pictures", { timeout: 120_000 }, () => {
  it("a file that is only a PDF header (no catalog) has no pictures: 404 not_found, not 500", async () => {
    const { cookie, sessionId } = await uploaded(Buffer.concat([Buffer.from("%PDF-1.7\n"), Buffer.alloc(200, 0x20)]));
    const res = await page(cookie, sessionId, 1);
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ error: "not_found", message: "This page has no picture the console can show." });
  });

  it("are made once and stored beside the document: served after the document itself is gone", async () => {
    const { cookie, sessionId } = await uploaded(manyPages(3), 3);
    expect((await page(cookie, sessionId, 1)).status).toBe(200);
    const [file] = await svc.get().db.select().from(schema.files).where(eq(schema.files.sessionId, sessionId));
    const stored = await svc.get().storage.list(pagePicturesFolder(file.storageKey), 10);
    expect(stored.map((o) => o.key.slice(pagePicturesFolder(file.storageKey).length)).sort()).toEqual(["0", "manifest.json"]);
    await svc.get().storage.delete(file.storageKey);
    forgetDocumentPictures();
    const res = await page(cookie, sessionId, 1);
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer()).equals(JPEG)).toBe(true);
    expect((await page(cookie, sessionId, 2)).status).toBe(404);
  });

  it("a /Thumb that is not a JPEG is not served as one, and a picture carries nosniff and a sandbox CSP", async () => {
    const html = Buffer.from("<html><script>alert(document.domain)</script></html>");
    const { cookie, sessionId } = await uploaded(withThumb(html));
    const res = await page(cookie, sessionId, 1);
    expect(res.status).toBe(200);
    // The page's image is served instead of the fake thumbnail.
    expect(Buffer.from(await res.arrayBuffer()).equals(JPEG)).toBe(true);
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("content-security-policy")).toBe("default-src 'none'; sandbox");
  });
});
