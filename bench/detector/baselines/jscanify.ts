// jscanify 1.4.3's published paper finder (findPaperContour + getCornerPoints),
// re-implemented on @techstark/opencv-js as the baseline for bench/detector/detect.ts.
import { createRequire } from "node:module";
import type { Frame, Point } from "../../../scanner/detector/index";

/** The opencv.js module object once its WASM runtime is ready. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type OpenCv = any;

/**
 * Loads opencv.js and waits for its runtime. The module object is an Emscripten
 * thenable that resolves to itself, so it is returned wrapped: awaiting it
 * directly would never settle.
 */
export async function loadOpenCv(): Promise<{ cv: OpenCv }> {
  const require = createRequire(import.meta.url);
  const cv = require("@techstark/opencv-js");
  if (!cv.Mat) await new Promise<void>((resolve) => { cv.onRuntimeInitialized = resolve; });
  return { cv };
}

/** Path of the opencv.js file, the payload a browser would download for this engine. */
export function openCvFile(): string {
  return createRequire(import.meta.url).resolve("@techstark/opencv-js");
}

/** Shrinks an RGBA frame so its long side is `size` px (area averaging), as jscanify users do. */
export function shrinkFrame(cv: OpenCv, f: Frame, size = 640): { frame: Frame; scale: number } {
  const scale = Math.min(1, size / Math.max(f.width, f.height));
  const src = cv.matFromImageData({ data: new Uint8ClampedArray(f.data.buffer, f.data.byteOffset, f.data.length), width: f.width, height: f.height });
  const dst = new cv.Mat();
  cv.resize(src, dst, new cv.Size(Math.round(f.width * scale), Math.round(f.height * scale)), 0, 0, cv.INTER_LINEAR);
  const frame = { data: new Uint8ClampedArray(dst.data), width: dst.cols, height: dst.rows };
  src.delete(); dst.delete();
  return { frame, scale };
}

/** Runs jscanify's algorithm on a (shrunk) frame; corners in that frame's pixels, tl tr br bl. */
export function jscanifyCorners(cv: OpenCv, f: Frame): Point[] | null {
  const img = cv.matFromImageData({ data: f.data, width: f.width, height: f.height });
  const contour = findPaperContour(cv, img);
  img.delete();
  if (!contour) return null;
  const c = getCornerPoints(cv, contour);
  contour.delete();
  return c;
}

// As published in jscanify 1.4.3: Canny on the RGBA frame, 3x3 blur, Otsu, CCOMP contours.
function findPaperContour(cv: OpenCv, img: OpenCv): OpenCv | null {
  const edges = new cv.Mat(), blur = new cv.Mat(), thresh = new cv.Mat();
  cv.Canny(img, edges, 50, 200);
  cv.GaussianBlur(edges, blur, new cv.Size(3, 3), 0, 0, cv.BORDER_DEFAULT);
  cv.threshold(blur, thresh, 0, 255, cv.THRESH_OTSU);
  const contours = new cv.MatVector(), hierarchy = new cv.Mat();
  cv.findContours(thresh, contours, hierarchy, cv.RETR_CCOMP, cv.CHAIN_APPROX_SIMPLE);
  let maxArea = 0, maxIndex = -1;
  for (let i = 0; i < contours.size(); i++) {
    const a = cv.contourArea(contours.get(i));
    if (a > maxArea) { maxArea = a; maxIndex = i; }
  }
  const out = maxIndex >= 0 ? contours.get(maxIndex) : null;
  edges.delete(); blur.delete(); thresh.delete(); contours.delete(); hierarchy.delete();
  return out;
}

// Farthest contour point from the min-area-rect centre in each screen quadrant.
function getCornerPoints(cv: OpenCv, contour: OpenCv): Point[] | null {
  const { center } = cv.minAreaRect(contour);
  const best: (Point | null)[] = [null, null, null, null]; // tl, tr, br, bl
  const bestD = [0, 0, 0, 0];
  const d = contour.data32S as Int32Array;
  for (let i = 0; i < d.length; i += 2) {
    const x = d[i], y = d[i + 1];
    const dist = Math.hypot(x - center.x, y - center.y);
    let q = -1;
    if (x < center.x && y < center.y) q = 0;
    else if (x > center.x && y < center.y) q = 1;
    else if (x > center.x && y > center.y) q = 2;
    else if (x < center.x && y > center.y) q = 3;
    if (q >= 0 && dist > bestD[q]) { bestD[q] = dist; best[q] = [x, y]; }
  }
  return best.every((p) => p) ? (best as Point[]) : null;
}
