import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { LOCALES } from "@/scanner/contract";
import { OCR_DATA_VERSION, OCR_ENGINE_VERSION, OCR_LANGUAGES, ocrLanguages } from "@/scanner/ocr/assets";
import type { PageRead } from "@/scanner/ocr/page-words";
import { ReadingQueue } from "@/scanner/ocr/reading-queue";
import { ocrAssetResponse } from "@/lib/scanner-assets/ocr-assets";

const readOf = (word: string): PageRead => ({ lines: [{ words: [{ text: word, box: [0, 0, 10, 10], confidence: 90 }], baseline: [0, 10, 10, 10], height: 10 }] });

/** A reader whose pages finish when the test says so. */
function manualReader() {
  const calls: { image: Blob; resolve(r: PageRead): void; reject(e: Error): void }[] = [];
  return { calls, read: (image: Blob) => new Promise<PageRead>((resolve, reject) => calls.push({ image, resolve, reject })) };
}
const blob = (s: string) => new Blob([s]);
const tick = () => new Promise((r) => setTimeout(r, 0));

describe("ReadingQueue", () => {
  it("reads pages one at a time in order; settle gives each page's text, and timed_out for one still being read", async () => {
    const reader = manualReader();
    const q = new ReadingQueue(reader);
    const a = blob("a"), b = blob("b");
    q.add("1", a);
    q.add("2", b);
    await tick();
    expect(reader.calls).toHaveLength(1); // the second waits for the first
    reader.calls[0].resolve(readOf("first"));
    await tick();
    expect(reader.calls).toHaveLength(2);
    expect(q.pending).toBe(1);
    expect([q.isSettled("1", a), q.isSettled("2", b), q.isSettled("1", b)]).toEqual([true, false, false]);
    const got = await q.settle([{ id: "1", page: a }, { id: "2", page: b }], 20);
    expect(got.map((g) => g.text)).toEqual([
      { status: "done", text: "first", confidence: 0.9, truncated: false },
      { status: "timed_out", text: "", confidence: 0, truncated: false },
    ]);
    expect(got[1].read).toBeNull();
  });

  it("a page the engine fails on is failed, and the next page is still read", async () => {
    const reader = manualReader();
    const q = new ReadingQueue(reader);
    q.add("1", blob("a"));
    q.add("2", blob("b"));
    await tick();
    reader.calls[0].reject(new Error("no core"));
    await tick();
    reader.calls[1].resolve(readOf("second"));
    const got = await q.settle([], 0);
    expect(got).toEqual([]);
    const both = await q.settle([{ id: "1", page: reader.calls[0].image }, { id: "2", page: reader.calls[1].image }], 1000);
    expect(both.map((g) => g.text.status)).toEqual(["failed", "done"]);
  });

  it("the same image is read once; a re-cropped page is read again; a deleted page is forgotten", async () => {
    const reader = manualReader();
    let changes = 0;
    const q = new ReadingQueue(reader, () => changes++);
    const first = blob("a"), recropped = blob("a2");
    q.add("1", first);
    q.add("1", first);
    await tick();
    expect(reader.calls).toHaveLength(1);
    q.add("1", recropped);
    reader.calls[0].resolve(readOf("old"));
    await tick();
    expect(changes).toBe(0); // the old image's answer is not the page's any more
    reader.calls[1].resolve(readOf("new"));
    const [got] = await q.settle([{ id: "1", page: recropped }], 1000);
    expect(got.text.text).toBe("new");
    q.keep(new Set());
    expect(q.pending).toBe(0);
  });
});

describe("OCR assets", () => {
  it("the versions in the URLs are the installed packages'", () => {
    expect(JSON.parse(readFileSync("node_modules/tesseract.js/package.json", "utf8")).version).toBe(OCR_ENGINE_VERSION);
    for (const lang of Object.values(OCR_LANGUAGES)) expect(() => readFileSync(`node_modules/@tesseract.js-data/${lang}/${OCR_DATA_VERSION}/${lang}.traineddata.gz`)).not.toThrow();
  });

  it("every locale reads in its own language and English", () => {
    expect(LOCALES.map(ocrLanguages)).toEqual([["eng"], ["deu", "eng"], ["fra", "eng"], ["spa", "eng"], ["ita", "eng"], ["nld", "eng"], ["por", "eng"]]);
  });

  it("serves the listed files immutable, and nothing else", async () => {
    const core = ocrAssetResponse(OCR_ENGINE_VERSION, "core/tesseract-core-simd-lstm.wasm.js");
    expect(core.status).toBe(200);
    expect(core.headers.get("cache-control")).toContain("immutable");
    await core.body?.cancel();
    const data = ocrAssetResponse(OCR_ENGINE_VERSION, "lang/deu.traineddata.gz");
    expect(data.headers.get("content-type")).toBe("application/octet-stream");
    expect(data.headers.get("content-encoding")).toBeNull();
    const bytes = new Uint8Array(await data.arrayBuffer());
    expect([bytes[0], bytes[1]]).toEqual([0x1f, 0x8b]);
    for (const [version, name] of [["6.0.0", "worker.min.js"], [OCR_ENGINE_VERSION, "../package.json"], [OCR_ENGINE_VERSION, "lang/jpn.traineddata.gz"], [OCR_ENGINE_VERSION, "core/tesseract-core.wasm.js"]]) {
      expect(ocrAssetResponse(version, name).status, name).toBe(404);
    }
  });
});
