// npx tsx bench/detector/boundary-samples.ts SET_DIR OUT.bin
// Writes, for every frame of a set with true corners (a generated one: bench/detector/synth/generate.ts), the
// boundary model's features (scanner/detector/boundary-model.ts) of its edge pixels and whether each
// lies on the page's border (within 1.5 working px of a true side, its gradient within 20° of the
// side's normal): the input of bench/detector/fit-boundary.py. All border pixels are kept and up to four times as
// many others, drawn at random (seeded). Rows are float32: the features, then the label.
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { downscale } from "../../scanner/detector/downscale";
import { colourGradient, type Gradient } from "../../scanner/detector/gradient";
import { thinEdges } from "../../scanner/detector/edges";
import { boundaryFeatures, BOUNDARY_FEATURES } from "../../scanner/detector/boundary-model";
import { WORKING_SIZE } from "../../scanner/detector/detect";
import type { Point } from "../../scanner/detector/types";
import { readImage } from "../../scripts/detect";

const NEGATIVES_PER_POSITIVE = 4;
const ON_SIDE_PX = 1.5;
const ALIGNED = Math.cos((20 * Math.PI) / 180);

/** Whether working pixel i lies on a side of `quad` (working coordinates), its gradient across that side. */
function onBorder(g: Gradient, i: number, quad: Point[]): boolean {
  const x = i % g.width, y = (i - x) / g.width, m = g.mag[i] || 1;
  return quad.some((a, k) => {
    const b = quad[(k + 1) % 4], dx = b[0] - a[0], dy = b[1] - a[1], len = Math.hypot(dx, dy);
    const u = ((x - a[0]) * dx + (y - a[1]) * dy) / (len * len);
    const dist = Math.abs((x - a[0]) * dy - (y - a[1]) * dx) / len;
    return u >= 0 && u <= 1 && dist <= ON_SIDE_PX && Math.abs(g.gx[i] * dy - g.gy[i] * dx) / (m * len) >= ALIGNED;
  });
}

function main(argv: string[]): number {
  const [dir, out] = argv;
  if (!dir || !out) {
    console.error("usage: npx tsx bench/detector/boundary-samples.ts SET_DIR OUT.bin");
    return 2;
  }
  const truths = readFileSync(path.join(dir, "truth.jsonl"), "utf8").trim().split("\n").map((l) => JSON.parse(l) as { file: string; corners: Point[] });
  let seed = 1;
  const random = () => (seed = (seed * 1103515245 + 12345) >>> 0) / 4294967296;
  const rows: number[] = [], features = new Float32Array(BOUNDARY_FEATURES);
  let positives = 0, negatives = 0;
  for (const t of truths) {
    const planes = downscale(readImage(path.join(dir, t.file)), WORKING_SIZE);
    const g = colourGradient(planes), e = thinEdges(g);
    // Frame pixel coordinates to working pixel centres (pixel i covers [i, i + 1)).
    const quad = t.corners.map(([x, y]) => [x / planes.sx - 0.5, y / planes.sy - 0.5] as Point);
    const on: number[] = [], off: number[] = [];
    for (let i = 0; i < e.edge.length; i++) if (e.edge[i]) (onBorder(g, i, quad) ? on : off).push(i);
    const keepOff = Math.min(1, (NEGATIVES_PER_POSITIVE * Math.max(on.length, 50)) / Math.max(1, off.length));
    for (const [pixels, label] of [[on, 1], [off, 0]] as const) {
      for (const i of pixels) {
        if ((label === 0 && random() > keepOff) || !boundaryFeatures(planes, g, i, features)) continue;
        rows.push(...features, label);
        if (label) positives++; else negatives++;
      }
    }
  }
  writeFileSync(out, new Float32Array(rows));
  console.log(`${truths.length} frames: ${positives} border and ${negatives} other edge pixels, ${BOUNDARY_FEATURES} features each → ${out}`);
  return 0;
}

process.exitCode = main(process.argv.slice(2));
