// `npx tsx bench/pages/ocr-engines.ts [--only 17,18] [--scales 1,1.5] [--sources as-read,grey] [--data best_int,fast] [--dpi 100]`: the scanner's recognition
// engine (tesseract.js 7, LSTM only, in Node: the same WebAssembly the browser runs) with each
// language data and page scale on the benchmark's test scenes, as docs/ocr.md reports it: CPU
// time a page (process CPU, which the machine's load does not inflate the way wall time is) and
// the character error rate of the text the scanner would lay over the page (its own word filter).
// Pages: the camera's page straightened with the true corners, filtered and encoded by the
// worker's own code (as mrc-offline.ts), read as the scanner reads it or as its grey page.
import { execFileSync } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { createWorker } from "tesseract.js";
import { linesOf, pageText, type EngineBlocks } from "../../scanner/ocr/page-words";
import { cropPage, normalise } from "@/scanner/page/straighten";
import { documentFilter } from "@/scanner/image";
import { encodePage } from "@/scanner/page/encode";
import type { Frame } from "@/scanner/detector";
import { characterErrorRate } from "./metrics";
import { readScene, SCENES, SCENES_DIR, sceneName } from "./scenes";

const arg = (name: string) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const only = (arg("--only") ?? "17,18,19,20,21,22").split(",").map(Number);
const WORK = path.resolve("bench/out/ocr-engines");
mkdirSync(WORK, { recursive: true });

/** Language data: what the scanner serves now, and Tesseract's fast models (Debian ships English's). */
const DATA = [
  { name: "best_int", dir: path.resolve("node_modules/@tesseract.js-data/eng/4.0.0_best_int"), gzip: true },
  { name: "fast", dir: path.join(WORK, "fast"), gzip: false, from: "/usr/share/tesseract-ocr/5/tessdata/eng.traineddata" },
];
const SCALES = (arg("--scales") ?? "1,1.5").split(",").map(Number);
/** The page's resolution before scaling: the scanner's 200 dpi, or lower for a small camera's page. */
const DPI = Number(arg("--dpi") ?? 200);

const encodeRgb = async (f: Frame, q: number) => {
  const raw = sharp(Buffer.from(f.data.buffer, f.data.byteOffset, f.data.length), { raw: { width: f.width, height: f.height, channels: 4 } });
  return new Blob([new Uint8Array(await raw.removeAlpha().jpeg({ quality: Math.round(q * 100) }).toBuffer())], { type: "image/jpeg" });
};

/**
 * The page as the scanner reads it (`as-read`: the encoded page, or a layered page's 1-bit ink
 * mask) or as its filtered grey page (`grey`), at 200 dpi times `scale` (Catmull-Rom when enlarged).
 * Straightened with the true corners and filtered `auto` by the worker's own code, as mrc-offline.ts does.
 */
async function pageImage(id: number, source: "as-read" | "grey", scale: number): Promise<string> {
  const name = sceneName(id), base = path.join(WORK, `${name}.${source}`);
  if (!existsSync(`${base}.png`)) {
    const photo = readScene(SCENES_DIR, name).photo();
    const src: Frame = { data: new Uint8ClampedArray(photo.data.buffer, photo.data.byteOffset, photo.data.length), width: photo.width, height: photo.height };
    const page = cropPage(src, normalise(readScene(SCENES_DIR, name).meta.corners, src));
    documentFilter(page, { grey: false });
    if (source === "grey") {
      const rgba = sharp(Buffer.from(page.data.buffer, page.data.byteOffset, page.data.length), { raw: { width: page.width, height: page.height, channels: 4 } });
      await rgba.removeAlpha().greyscale().png().toFile(`${base}.png`);
    } else {
      const encoded = await encodePage("auto", page, encodeRgb);
      writeFileSync(`${base}.${encoded.mrc ? "mask" : "jpeg"}`, new Uint8Array(await (encoded.mrc?.mask ?? encoded.blob).arrayBuffer()));
      execFileSync("convert", [`${base}.${encoded.mrc ? "mask" : "jpeg"}`, `${base}.png`]);
      console.log(`scene ${name}: read as ${encoded.mrc ? "1-bit mask (MRC page)" : "JPEG"}`);
    }
  }
  // A small page (a 720p camera's): the 200 dpi page shrunk to `--dpi`, area-averaged as a camera sensor would.
  const small = DPI === 200 ? `${base}.png` : `${base}.${DPI}dpi.png`;
  if (!existsSync(small)) execFileSync("convert", [`${base}.png`, "-filter", "Box", "-resize", `${(DPI / 200) * 100}%`, small]);
  if (scale === 1) return small;
  const scaled = `${small}.x${scale}.png`;
  if (!existsSync(scaled)) execFileSync("convert", [small, "-filter", "Catrom", "-resize", `${scale * 100}%`, scaled]);
  return scaled;
}

const SOURCES = (arg("--sources") ?? "as-read,grey").split(",") as ("as-read" | "grey")[];
const rows: string[] = ["| data | image | scale | scene | CPU ms | CER |", "|---|---|---|---|---|---|"];
const summary: string[] = [];
const dataNames = (arg("--data") ?? "best_int,fast").split(",");
for (const data of DATA.filter((d) => dataNames.includes(d.name))) {
  if (data.from && !existsSync(path.join(data.dir, "eng.traineddata"))) {
    mkdirSync(data.dir, { recursive: true });
    copyFileSync(data.from, path.join(data.dir, "eng.traineddata"));
  }
  for (const source of SOURCES) for (const scale of SCALES) {
    const worker = await createWorker(["eng"], 1, { langPath: data.dir, gzip: data.gzip, cacheMethod: "none", legacyCore: false, legacyLang: false });
    await worker.setParameters({ user_defined_dpi: String(Math.round(DPI * scale)) });
    const cers: number[] = [], cpus: number[] = [];
    for (const id of SCENES.filter((s) => only.includes(s.id)).map((s) => s.id)) {
      const image = readFileSync(await pageImage(id, source, scale));
      const cpu0 = process.cpuUsage();
      const { data: out } = await worker.recognize(image, {}, { text: false, blocks: true });
      const cpu = process.cpuUsage(cpu0), cpuMs = (cpu.user + cpu.system) / 1000;
      const text = pageText(linesOf(out as unknown as EngineBlocks)).text;
      const cer = characterErrorRate(readFileSync(path.join(SCENES_DIR, `${sceneName(id)}.truth.txt`), "utf8"), text);
      cers.push(cer);
      cpus.push(cpuMs);
      rows.push(`| ${data.name} | ${source} ${DPI} dpi | ${scale} | ${sceneName(id)} | ${cpuMs.toFixed(0)} | ${cer.toFixed(3)} |`);
      console.log(rows[rows.length - 1]);
    }
    await worker.terminate();
    const mean = (a: number[]) => a.reduce((s, v) => s + v, 0) / a.length;
    summary.push(`| ${data.name} | ${source} ${DPI} dpi | ${scale} | mean of ${cers.length} | ${mean(cpus).toFixed(0)} | ${mean(cers).toFixed(3)} (max ${Math.max(...cers).toFixed(3)}) |`);
  }
}
console.log(`\n${rows.join("\n")}\n${summary.join("\n")}`);
