import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BlobRejected, type BlobRejection } from "../../lib/storage/errors";
import { verifyBlobUrl } from "../../lib/storage/blob-url";
import { createLocalDiskStore } from "../../lib/storage/local-disk";
import { createS3Store } from "../../lib/storage/s3";
import type { BlobStore } from "../../lib/storage/types";
import { startS3Server, type TestS3 } from "../support/s3-server";

const PDF = "application/pdf";
const MAX = 64 * 1024;
const IN_AN_HOUR = () => new Date(Date.now() + 3_600_000);

/** A PDF-looking body of `size` bytes with non-repeating content. */
function pdfBytes(size: number): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(size);
  for (let i = 0; i < size; i++) bytes[i] = (i * 31 + (i >> 8)) & 0xff;
  bytes.set(new TextEncoder().encode("%PDF-1.7\n").subarray(0, size));
  return bytes;
}

/** The bytes as a Web stream in uneven chunks, like a request body. */
function streamOf(bytes: Uint8Array, chunk = 7_001): ReadableStream<Uint8Array> {
  let offset = 0;
  return new ReadableStream({
    pull(controller) {
      if (offset >= bytes.length) return controller.close();
      controller.enqueue(bytes.slice(offset, offset + chunk));
      offset += chunk;
    },
  });
}

/** A body that never ends: only a store that counts while streaming can refuse it. */
function endlessStream(): ReadableStream<Uint8Array> {
  return new ReadableStream({ pull: (controller) => controller.enqueue(new Uint8Array(16 * 1024)) });
}

async function expectRejected(promise: Promise<unknown>, reason: BlobRejection): Promise<void> {
  const err = await promise.then(() => undefined, (e: unknown) => e);
  expect(err).toBeInstanceOf(BlobRejected);
  expect((err as BlobRejected).reason).toBe(reason);
}

async function downloadedBytes(store: BlobStore, key: string): Promise<{ bytes: Uint8Array; contentType: string | null }> {
  const download = await store.download(key, { expiresAt: IN_AN_HOUR(), filename: "scan.pdf" });
  if (!download) throw new Error("download returned null");
  const response = download.kind === "stream" ? new Response(download.body) : await fetch(download.url);
  expect(response.status).toBe(200);
  const contentType = download.kind === "stream" ? download.contentType : response.headers.get("content-type");
  return { bytes: new Uint8Array(await response.arrayBuffer()), contentType };
}

let counter = 0;
const freshKey = () => `uploads/sess_${Date.now().toString(36)}_${counter++}.pdf`;

/** The BlobStore contract, run against every implementation. */
function describeBlobStore(name: string, make: () => Promise<BlobStore>): void {
  describe(`BlobStore contract: ${name}`, () => {
    let store: BlobStore;
    beforeAll(async () => {
      store = await make();
    });

    it("round-trips exact bytes through put, stat and download", async () => {
      const key = freshKey();
      const bytes = pdfBytes(50_000);
      expect(await store.put(key, streamOf(bytes), { contentType: PDF, maxBytes: MAX })).toEqual({ size: 50_000 });
      const info = await store.stat(key);
      expect(info).toMatchObject({ size: 50_000, contentType: PDF });
      expect(Array.from(info!.head)).toEqual(Array.from(bytes.subarray(0, 8)));
      const downloaded = await downloadedBytes(store, key);
      expect(downloaded.contentType).toBe(PDF);
      expect(Buffer.compare(downloaded.bytes, bytes)).toBe(0);
    });

    it("accepts a Uint8Array body and a body shorter than 8 bytes", async () => {
      const key = freshKey();
      await store.put(key, new Uint8Array([37, 80, 68]), { contentType: PDF, maxBytes: MAX });
      expect(await store.stat(key)).toEqual({ size: 3, contentType: PDF, head: new Uint8Array([37, 80, 68]) });
    });

    it("accepts exactly maxBytes, streamed or in memory", async () => {
      for (const body of [streamOf(pdfBytes(MAX)), pdfBytes(MAX)]) {
        const key = freshKey();
        expect(await store.put(key, body, { contentType: PDF, maxBytes: MAX })).toEqual({ size: MAX });
        expect((await store.stat(key))?.size).toBe(MAX);
        expect(Buffer.compare((await downloadedBytes(store, key)).bytes, pdfBytes(MAX))).toBe(0);
      }
    });

    it("refuses maxBytes + 1 (too_large) and leaves nothing behind", async () => {
      const key = freshKey();
      await expectRejected(store.put(key, streamOf(pdfBytes(MAX + 1)), { contentType: PDF, maxBytes: MAX }), "too_large");
      await expectRejected(store.put(key, pdfBytes(MAX + 1), { contentType: PDF, maxBytes: MAX }), "too_large");
      expect(await store.stat(key)).toBeNull();
    });

    it("refuses an endless body once it passes maxBytes", async () => {
      const key = freshKey();
      await expectRejected(store.put(key, endlessStream(), { contentType: PDF, maxBytes: MAX }), "too_large");
      expect(await store.stat(key)).toBeNull();
    });

    it("refuses an empty body (empty) and leaves nothing behind", async () => {
      const key = freshKey();
      await expectRejected(store.put(key, streamOf(new Uint8Array()), { contentType: PDF, maxBytes: MAX }), "empty");
      await expectRejected(store.put(key, new Uint8Array(), { contentType: PDF, maxBytes: MAX }), "empty");
      expect(await store.stat(key)).toBeNull();
    });

    it("answers null for a missing key", async () => {
      expect(await store.stat("uploads/never-written.pdf")).toBeNull();
      expect(await store.download("uploads/never-written.pdf", { expiresAt: IN_AN_HOUR(), filename: "x.pdf" })).toBeNull();
    });

    it("deletes idempotently", async () => {
      const key = freshKey();
      await store.put(key, pdfBytes(100), { contentType: PDF, maxBytes: MAX });
      await store.delete(key);
      await store.delete(key);
      await store.delete("uploads/never-written.pdf");
      expect(await store.stat(key)).toBeNull();
    });

    it("presigns a PUT that carries the content type", async () => {
      const expiresAt = IN_AN_HOUR();
      const upload = await store.presignPut(freshKey(), { contentType: PDF, maxBytes: MAX, expiresAt });
      expect(upload.headers).toEqual({ "Content-Type": PDF });
      expect(upload.expiresAt).toEqual(expiresAt);
      expect(new URL(upload.url).protocol).toMatch(/^https?:$/);
    });
  });
}

const dataDir = mkdtempSync(path.join(tmpdir(), "docscan-blobs-"));
const localConfig = { dataDir, appSecret: "local-disk-test-secret-0123456789abcdef", publicBaseUrl: "http://localhost:3000" };
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describeBlobStore("local disk", async () => createLocalDiskStore(localConfig));

describe("local disk specifics", () => {
  const store = createLocalDiskStore(localConfig);

  it("presigns a signed /v1/scanner/blob URL that verifyBlobUrl accepts", async () => {
    const expiresAt = IN_AN_HOUR();
    const { url } = await store.presignPut("uploads/sess_abc.pdf", { contentType: PDF, maxBytes: MAX, expiresAt });
    const params = new URL(url).searchParams;
    expect(url.startsWith("http://localhost:3000/v1/scanner/blob?")).toBe(true);
    expect(params.get("exp")).toBe(String(expiresAt.getTime()));
    const query = { key: params.get("key"), exp: params.get("exp"), sig: params.get("sig") };
    expect(verifyBlobUrl(localConfig, query, Date.now())).toEqual({ key: "uploads/sess_abc.pdf" });
  });

  it("rejects keys that could leave the blob directory or are not ours", async () => {
    for (const key of ["../escape.pdf", "uploads/../../x", "/etc/passwd", "uploads/a b.pdf", "uploads//x.pdf", "", "a/./b", "x.pdf.meta.json"]) {
      await expect(store.stat(key), key).rejects.toThrow(/Invalid blob key/);
    }
  });

  it("leaves no temp file after refused uploads", async () => {
    await expectRejected(store.put("uploads/tmp-check.pdf", streamOf(pdfBytes(MAX + 1)), { contentType: PDF, maxBytes: MAX }), "too_large");
    await expectRejected(store.put("uploads/tmp-check.pdf", new Uint8Array(), { contentType: PDF, maxBytes: MAX }), "empty");
    const leftovers = readdirSync(path.join(dataDir, "blobs", "uploads")).filter((f) => f.includes("tmp-check"));
    expect(leftovers).toEqual([]);
  });
});

let s3server: TestS3;
describeBlobStore("S3 (s3rver over HTTP)", async () => {
  s3server = await startS3Server();
  return createS3Store(s3server.s3, s3server.client);
});

describe("S3 specifics (s3rver over HTTP)", () => {
  afterAll(() => s3server?.close());

  it("presigned PUT accepts the bound content type and refuses another", async () => {
    const store = createS3Store(s3server.s3, s3server.client);
    const key = freshKey();
    const bytes = pdfBytes(1_000);
    const upload = await store.presignPut(key, { contentType: PDF, maxBytes: MAX, expiresAt: IN_AN_HOUR() });

    const wrong = await fetch(upload.url, { method: "PUT", headers: { "Content-Type": "text/plain" }, body: bytes });
    expect(wrong.status).toBe(403);
    expect(await store.stat(key)).toBeNull();

    const right = await fetch(upload.url, { method: "PUT", headers: upload.headers, body: bytes });
    expect(right.status).toBe(200);
    expect(await store.stat(key)).toMatchObject({ size: 1_000, contentType: PDF });
  });

  it("downloads through a presigned GET that names the file", async () => {
    const store = createS3Store(s3server.s3, s3server.client);
    const key = freshKey();
    await store.put(key, pdfBytes(10), { contentType: PDF, maxBytes: MAX });
    const download = await store.download(key, { expiresAt: IN_AN_HOUR(), filename: 'scan "1".pdf' });
    expect(download?.kind).toBe("redirect");
    const response = await fetch((download as { url: string }).url);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-disposition")).toBe('inline; filename="scan _1_.pdf"');
  });
});
