// npm run detect -- FILE...   One JSON line per image: file, corners (original pixels), confidence, ms.
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import jpeg from "jpeg-js";
import { PNG } from "pngjs";
import { detect, type Frame } from "../scanner/detector/index";

/** Decodes a JPEG or PNG file (sniffed by its magic bytes) into an RGBA frame. */
export function readImage(file: string): Frame {
  const buf = readFileSync(file);
  if (buf[0] === 0x89 && buf[1] === 0x50) {
    const png = PNG.sync.read(buf);
    return { data: png.data, width: png.width, height: png.height };
  }
  if (buf[0] === 0xff && buf[1] === 0xd8) {
    const img = jpeg.decode(buf, { useTArray: true, formatAsRGBA: true, maxMemoryUsageInMB: 1024 });
    return { data: img.data, width: img.width, height: img.height };
  }
  throw new Error(`${file}: not a JPEG or PNG`);
}

const round2 = (v: number) => Math.round(v * 100) / 100;
const WARM_UP = 8;

function main(files: string[]): number {
  if (!files.length) {
    console.error("usage: npm run detect -- FILE...");
    return 2;
  }
  let status = 0;
  for (const file of files) {
    try {
      const frame = readImage(file);
      // ms is timed after warm-up runs: the first few calls measure the JIT, not the detector.
      for (let i = 0; i < (file === files[0] ? WARM_UP : 1); i++) detect(frame);
      const t0 = performance.now();
      const d = detect(frame);
      const ms = performance.now() - t0;
      const corners = d ? d.corners.map(([x, y]) => [round2(x), round2(y)]) : null;
      console.log(JSON.stringify({ file, corners, confidence: d ? round2(d.confidence) : 0, ms: round2(ms) }));
    } catch (err) {
      console.error(`${file}: ${(err as Error).message}`);
      status = 1;
    }
  }
  return status;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = main(process.argv.slice(2));
}
