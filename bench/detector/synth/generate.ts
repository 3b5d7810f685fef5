// npx tsx bench/detector/synth/generate.ts OUT_DIR [--count N] [--seed S] [--png K]
// Writes a synthetic set in detect-train's format (images/*.jpg, truth.jsonl, meta.json), deterministic
// from the seed, for fitting the detector's ranking model on frames that are neither detect-train
// nor detect-dev. --png K also writes the first K frames as PNG beside the JPEGs, for looking at.
import { appendFileSync, mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import jpeg from "jpeg-js";
import { PNG } from "pngjs";
import { Rng } from "./random";
import { makeScene } from "./scene";

const round2 = (v: number) => Math.round(v * 100) / 100;

function main(argv: string[]): number {
  const opt = (name: string, def: number) => { const i = argv.indexOf(name); return i >= 0 ? Number(argv[i + 1]) : def; };
  const out = argv.find((a, i) => !a.startsWith("--") && !argv[i - 1]?.startsWith("--"));
  if (!out) {
    console.error("usage: npx tsx bench/detector/synth/generate.ts OUT_DIR [--count N] [--seed S] [--png K]");
    return 2;
  }
  const count = opt("--count", 1000), seed = opt("--seed", 1), png = opt("--png", 0);
  mkdirSync(path.join(out, "images"), { recursive: true });
  // truth.jsonl grows a line per frame, so an interrupted run leaves a usable set
  const truth = path.join(out, "truth.jsonl");
  writeFileSync(truth, "");
  writeFileSync(path.join(out, "meta.json"), JSON.stringify({ split: "synthetic", seed, count, generator: "bench/detector/synth/generate.ts" }, null, 1) + "\n");
  for (let i = 1; i <= count; i++) {
    // one generator per frame, so frame i is the same whatever the count
    const rng = new Rng(seed * 1_000_003 + i);
    let scene = makeScene(rng);
    while (!scene) scene = makeScene(rng);
    const { width: W, height: H, rgb } = scene, data = new Uint8Array(W * H * 4);
    for (let p = 0; p < W * H; p++) {
      const n = scene.noiseSigma * rng.normal();
      for (let k = 0; k < 3; k++) data[4 * p + k] = Math.max(0, Math.min(255, Math.round(rgb[3 * p + k] + n + 0.4 * scene.noiseSigma * rng.normal())));
      data[4 * p + 3] = 255;
    }
    const file = `images/${String(i).padStart(4, "0")}.jpg`;
    writeFileSync(path.join(out, file), jpeg.encode({ data, width: W, height: H }, scene.jpegQuality).data);
    if (i <= png) {
      const img = new PNG({ width: W, height: H });
      img.data.set(data);
      writeFileSync(path.join(out, file.replace(".jpg", ".png")), PNG.sync.write(img));
    }
    // corners: clockwise in the image from the one with the smallest x + y (detect-train's convention)
    const own = scene.corners.map(([x, y]) => [round2(x), round2(y)]);
    const signed = own.reduce((a, p, j) => a + p[0] * own[(j + 1) % 4][1] - own[(j + 1) % 4][0] * p[1], 0);
    const cw = signed > 0 ? own : [...own].reverse(), start = cw.reduce((b, p, j) => (p[0] + p[1] < cw[b][0] + cw[b][1] ? j : b), 0);
    appendFileSync(truth, JSON.stringify({
      file, width: W, height: H, corners: [0, 1, 2, 3].map((j) => cw[(start + j) % 4]), partial: scene.tags.includes("partial"),
      page_kind: scene.pageKind, background: scene.background, surface: scene.surface, tags: scene.tags.sort(),
      page_corners: own, page_size_mm: scene.pageSizeMm, params: scene.params,
    }) + "\n");
    if (i % 100 === 0) console.log(`${i} / ${count}`);
  }
  return 0;
}

process.exitCode = main(process.argv.slice(2));
