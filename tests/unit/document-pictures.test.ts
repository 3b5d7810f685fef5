import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PDFDocument } from "pdf-lib";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "@/lib/errors";
import { pagePicturesFolder } from "@/lib/files/page-pictures/stored";
import { documentPictures, forgetDocumentPictures, PICTURE_LIMITS } from "@/lib/sessions/page-pictures";
import { createLocalDiskStore } from "@/lib/storage/local-disk";
import type { BlobStore } from "@/lib/storage/types";
import { JPEG } from "../support/hostile-pdfs";

async function jpegPages(n: number): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const image = await doc.embedJpg(JPEG);
  for (let i = 0; i < n; i++) doc.addPage([image.width, image.height]).drawImage(image, { x: 0, y: 0 });
  return doc.save();
}

/** A local store whose downloads of the documents (not of their pictures) are counted, and can be held. */
function countingStore() {
  const store = createLocalDiskStore({ dataDir: mkdtempSync(path.join(tmpdir(), "pictures-")), appSecret: "x".repeat(32), publicBaseUrl: "http://localhost:3000" });
  const counted = { documentReads: 0, gate: null as Promise<void> | null };
  const wrapped: BlobStore = {
    ...store,
    kind: store.kind,
    async download(key, options) {
      if (key.startsWith("files/")) {
        counted.documentReads++;
        if (counted.gate) await counted.gate;
      }
      return store.download(key, options);
    },
  };
  return { store: wrapped, counted };
}

afterEach(forgetDocumentPictures);

describe("a document's page pictures", () => {
  it("are made once for all the pages asked at the same time, then read from storage", async () => {
    const { store, counted } = countingStore();
    await store.put("files/a.pdf", await jpegPages(2), { contentType: "application/pdf", maxBytes: 1e8 });
    const source = { store, storageKey: "files/a.pdf", pageCount: 2, timeoutMs: 5_000 };
    const manifests = await Promise.all(Array.from({ length: 12 }, () => documentPictures(source)));
    expect(counted.documentReads).toBe(1);
    expect(manifests[0]).toEqual({ pages: [0, 0], types: ["image/jpeg"] });
    forgetDocumentPictures();
    expect(await documentPictures(source)).toEqual({ pages: [0, 0], types: ["image/jpeg"] });
    expect(counted.documentReads).toBe(1); // the stored manifest, not the document
  });

  it("a document stopped at the deadline is refused but not stored: a later look tries again", async () => {
    const { store } = countingStore();
    await store.put("files/slow.pdf", await jpegPages(1), { contentType: "application/pdf", maxBytes: 1e8 });
    const source = { store, storageKey: "files/slow.pdf", pageCount: 1, timeoutMs: 5_000 };
    const deadline = PICTURE_LIMITS.deadlineMs;
    PICTURE_LIMITS.deadlineMs = 1;
    try {
      expect(await documentPictures(source)).toEqual({ refused: "reading it took longer than 0.001 s" });
    } finally {
      PICTURE_LIMITS.deadlineMs = deadline;
    }
    expect(await store.list(pagePicturesFolder("files/slow.pdf"), 10)).toEqual([]);
    forgetDocumentPictures();
    expect(await documentPictures(source)).toEqual({ pages: [0], types: ["image/jpeg"] });
  });

  it("a missing document is not kept: the next request looks again", async () => {
    const { store, counted } = countingStore();
    const source = { store, storageKey: "files/gone.pdf", pageCount: 1, timeoutMs: 5_000 };
    expect(await documentPictures(source)).toBeNull();
    expect(await documentPictures(source)).toBeNull();
    expect(counted.documentReads).toBe(2);
  });

  it("two documents are pictured at once; a few more wait their turn, the rest are 503 with Retry-After", async () => {
    const { store, counted } = countingStore();
    let open!: () => void;
    counted.gate = new Promise((resolve) => (open = resolve));
    const asked = Array.from({ length: 20 }, (_, i) =>
      documentPictures({ store, storageKey: `files/doc-${i}.pdf`, pageCount: 1, timeoutMs: 5_000 }).then(
        () => "ok",
        (err: ApiError) => err,
      ),
    );
    // Two reads start and hold the gate; a third would have started by the time both have.
    await vi.waitFor(() => expect(counted.documentReads).toBe(2), { timeout: 30_000 });
    await new Promise((r) => setTimeout(r, 200));
    expect(counted.documentReads).toBe(2);
    open();
    const answers = await Promise.all(asked);
    expect(answers.filter((a) => a === "ok")).toHaveLength(18);
    const refused = answers.filter((a): a is ApiError => a instanceof ApiError);
    expect(refused).toHaveLength(2);
    expect(refused[0]).toMatchObject({ code: "service_unavailable" });
    expect(refused[0].headers).toMatchObject({ "Retry-After": "2" });
  });
});
