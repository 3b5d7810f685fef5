import { PDFDocument } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { extractInWorker } from "@/lib/files/page-pictures/run-in-worker";
import { limitsFor } from "@/lib/sessions/page-pictures";
import { JPEG, manyPages } from "../support/hostile-pdfs";

/** Limits that never stop a document, so only the worker's own heap cap and deadline can. */
const UNBOUNDED = { maxPages: 1e7, maxObjects: 1e8, maxInflatedBytes: 2 ** 40, maxDepth: 1e6, maxPictureBytes: 2 ** 40 };

// 200,000-page files take seconds to build and to read on a loaded machine.
describe("the page-picture worker", { timeout: 120_000 }, () => {
  it("makes a scanner-shaped document's pictures, one stored picture for pages that share an image", async () => {
    const doc = await PDFDocument.create();
    const image = await doc.embedJpg(JPEG);
    for (let i = 0; i < 3; i++) doc.addPage([image.width, image.height]).drawImage(image, { x: 0, y: 0 });
    const result = await extractInWorker(await doc.save(), limitsFor(3), { heapMb: 64, deadlineMs: 30_000 });
    expect(result).toMatchObject({ pages: [0, 0, 0] });
    if (!("pictures" in result)) throw new Error("refused");
    expect(result.pictures).toHaveLength(1);
    expect(Buffer.from(result.pictures[0].bytes).equals(JPEG)).toBe(true);
  });

  it("a document that needs more heap than the worker has is refused, and this thread goes on", async () => {
    const result = await extractInWorker(manyPages(200_000), UNBOUNDED, { heapMb: 8, deadlineMs: 120_000 });
    expect(result).toEqual({ refused: "reading it needed more than 8 MiB" });
  });

  it("a document still being read at the deadline is refused and its worker stopped", async () => {
    const result = await extractInWorker(manyPages(200_000), UNBOUNDED, { heapMb: 512, deadlineMs: 100 });
    expect(result).toEqual({ refused: "reading it took longer than 0.1 s", timedOut: true });
  });
});
