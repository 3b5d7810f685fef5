import { mkdtempSync, readdirSync, readFileSync, statSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { LOCALES } from "@/scanner/contract";
import { OCR_DATA_VERSION, OCR_ENGINE_VERSION, OCR_LANGUAGES, ocrLanguages } from "@/scanner/ocr/assets";
import type { PageRead } from "@/scanner/ocr/page-words";
import { ReadingQueue } from "@/scanner/ocr/reading-queue";
import { OCR_ASSETS, OCR_DATA_VERSION as PUBLISHED_DATA, OCR_ENGINE_VERSION as PUBLISHED_ENGINE, publishOcrAssets } from "../../../scripts/ocr-assets.mjs";

const readOf = (word: string): PageRead => ({ lines: [{ words: [{ text: word, box: [0, 0, 10, 10], confidence: 90 }], baseline: [0, 10, 10, 10], height: 10 }] });

/** A reader whose pages finish when the test says so. */
function manualReader() {
  const calls: { image: Blob; resolve(r: PageRead): void; reject(e: Error): void }[] = [];
  return { calls, read: (image: Blob) => new Promise<PageRead>((resolve, reject) => calls.push({ image, resolve, reject })) };
}
const blob = (s: string) => new Blob([s]);
const tick = () => new Promise((r) => setTimeout(r, 0));

describe("ReadingQueue", () => {
  it("reads pages one at a time in order; settle gives each page's text, and timed_out for one still unread at the bound", async () => {
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
    const got = await q.settle([{ id: "1", page: a }, { id: "2", page: b }], { boundMs: 20 });
    expect(got.map((g) => g.text)).toEqual([
      { status: "done", text: "first", confidence: 0.9, truncated: false },
      { status: "timed_out", text: "", confidence: 0, truncated: false },
    ]);
    expect(got[1].read).toBeNull();
  });

  it("settle waits for every page however long it takes within the bound, telling how many are read", async () => {
    const reader = manualReader();
    const q = new ReadingQueue(reader);
    const pages = ["a", "b", "c"].map((s, i) => ({ id: String(i), page: blob(s) }));
    q.add("0", pages[0].page);
    await tick();
    reader.calls[0].resolve(readOf("one"));
    await tick();
    const progress: string[] = [];
    const settled = q.settle(pages, { boundMs: 60_000, onProgress: (read, total) => progress.push(`${read}/${total}`) });
    await tick();
    expect(progress).toEqual(["1/3"]);
    await new Promise((r) => setTimeout(r, 50)); // a slow page is waited for, not dropped
    reader.calls[1].resolve(readOf("two"));
    await tick();
    expect(progress).toEqual(["1/3", "2/3"]);
    reader.calls[2].resolve(readOf("three"));
    const got = await settled;
    expect(progress).toEqual(["1/3", "2/3", "3/3"]);
    expect(got.map((g) => [g.text.status, g.text.text])).toEqual([["done", "one"], ["done", "two"], ["done", "three"]]);
  });

  it("the person sending without the text: pages read so far keep theirs, the rest are skipped", async () => {
    const reader = manualReader();
    const q = new ReadingQueue(reader);
    const pages = ["a", "b"].map((s, i) => ({ id: String(i), page: blob(s) }));
    let skip!: () => void;
    const settled = q.settle(pages, { boundMs: 60_000, skip: new Promise<void>((r) => (skip = r)) });
    await tick();
    reader.calls[0].resolve(readOf("one"));
    await tick();
    skip();
    const got = await settled;
    expect(got.map((g) => g.text)).toEqual([
      { status: "done", text: "one", confidence: 0.9, truncated: false },
      { status: "skipped", text: "", confidence: 0, truncated: false },
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
    const got = await q.settle([], { boundMs: 0 });
    expect(got).toEqual([]);
    const both = await q.settle([{ id: "1", page: reader.calls[0].image }, { id: "2", page: reader.calls[1].image }], { boundMs: 1000 });
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
    const [got] = await q.settle([{ id: "1", page: recropped }], { boundMs: 1000 });
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

  it("publishes what the scanner asks for, and nothing else, at the versions it asks for", () => {
    expect([PUBLISHED_ENGINE, PUBLISHED_DATA]).toEqual([OCR_ENGINE_VERSION, OCR_DATA_VERSION]);
    const root = mkdtempSync(path.join(tmpdir(), "ocr-assets-"));
    symlinkSync(path.resolve("node_modules"), path.join(root, "node_modules"));
    const out = publishOcrAssets(root);
    expect(out).toBe(path.join(root, "public", "scan", "ocr", OCR_ENGINE_VERSION));
    const listed = (dir: string): string[] => readdirSync(dir, { withFileTypes: true })
      .flatMap((e) => (e.isDirectory() ? listed(path.join(dir, e.name)).map((n) => `${e.name}/${n}`) : [e.name]));
    const names = listed(out).sort();
    expect(names).toEqual(OCR_ASSETS.map(([name]) => name).sort());
    // the engine, its worker, the LSTM cores and one data file per locale
    expect(names).toEqual(expect.arrayContaining(["tesseract.esm.min.js", "worker.min.js", "core/tesseract-core-simd-lstm.wasm.js", ...Object.values(OCR_LANGUAGES).map((l) => `lang/${l}.traineddata.gz`)]));
    expect(names.some((n) => n.includes("package.json") || n === "core/tesseract-core.wasm.js")).toBe(false);
    for (const [name, from] of OCR_ASSETS) expect(statSync(path.join(out, name)).size, name).toBe(statSync(path.join("node_modules", from)).size);
    const data = readFileSync(path.join(out, "lang/deu.traineddata.gz"));
    expect([data[0], data[1]]).toEqual([0x1f, 0x8b]); // gzip as it is: tesseract.js inflates it itself
  });
});
