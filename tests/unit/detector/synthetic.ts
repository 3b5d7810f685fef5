// Synthetic camera frames for the detector tests: a page (white, with dark
// marks at known page positions) drawn under perspective on a background.
import { homographyFrom, project } from "../../../scanner/detector/homography";
import type { Frame, Point, Quad } from "../../../scanner/detector/index";

export type Background = "dark" | "wood" | "light" | "noise";

export interface SceneOptions {
  width: number;
  height: number;
  corners: Quad;
  /** page size in page units (e.g. mm); marks are placed in these units */
  page?: [number, number];
  background?: Background;
  noise?: number;
  seed?: number;
  /** a cast shadow darkening everything below the line y = a·x + b to `depth` of its light */
  shadow?: { a: number; b: number; depth: number };
}

/** Square marks (page units, centre and half-size) printed on every synthetic page. */
export function marksFor(page: [number, number]): [number, number, number][] {
  const [w, h] = page;
  return [[0.2 * w, 0.15 * h, 0.05 * w], [0.8 * w, 0.15 * h, 0.05 * w], [0.5 * w, 0.6 * h, 0.08 * w]];
}

/** Renders the scene with 2x2 supersampling so edges are anti-aliased like a camera's. */
export function renderScene(o: SceneOptions): Frame {
  const page = o.page ?? [210, 297];
  const toPage = homographyFrom(o.corners, [[0, 0], [page[0], 0], [page[0], page[1]], [0, page[1]]]);
  if (!toPage) throw new Error("degenerate quad");
  const marks = marksFor(page);
  const rnd = mulberry32(o.seed ?? 1);
  const data = new Uint8ClampedArray(o.width * o.height * 4);
  for (let y = 0; y < o.height; y++) {
    for (let x = 0; x < o.width; x++) {
      const rgb = [0, 0, 0];
      for (const [dx, dy] of [[0.25, 0.25], [0.75, 0.25], [0.25, 0.75], [0.75, 0.75]]) {
        const c = shade(x + dx, y + dy, toPage, page, marks, o.background ?? "dark");
        for (let k = 0; k < 3; k++) rgb[k] += c[k] / 4;
      }
      if (o.shadow && y + 0.5 > o.shadow.a * (x + 0.5) + o.shadow.b) for (let k = 0; k < 3; k++) rgb[k] *= o.shadow.depth;
      const n = (o.noise ?? 0) * gaussian(rnd);
      const i = (y * o.width + x) * 4;
      data[i] = rgb[0] + n; data[i + 1] = rgb[1] + n; data[i + 2] = rgb[2] + n; data[i + 3] = 255;
    }
  }
  return { data, width: o.width, height: o.height };
}

function shade(x: number, y: number, toPage: Float64Array, page: [number, number], marks: [number, number, number][], bg: Background): number[] {
  const [u, v] = project(toPage, x, y);
  if (u >= 0 && v >= 0 && u <= page[0] && v <= page[1]) {
    const onMark = marks.some(([mx, my, r]) => Math.abs(u - mx) <= r && Math.abs(v - my) <= r);
    return onMark ? [30, 30, 40] : [235, 235, 228];
  }
  return backgroundAt(x, y, bg);
}

function backgroundAt(x: number, y: number, bg: Background): number[] {
  switch (bg) {
    case "dark": return [60, 55, 50];
    case "light": return [208, 206, 198]; // low contrast: ~25 grey levels below the page
    case "wood": {
      const grain = 20 * Math.sin(0.35 * (y + 0.15 * x) + 2 * Math.sin(0.02 * x));
      return [140 + grain, 95 + grain * 0.8, 60 + grain * 0.5];
    }
    case "noise": {
      const t = 30 * Math.sin(0.9 * x) * Math.sin(0.7 * y);
      return [90 + t, 100 + t, 110 + t];
    }
  }
}

/** Deterministic PRNG so failures reproduce. */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function gaussian(rnd: () => number): number {
  return Math.sqrt(-2 * Math.log(1 - rnd())) * Math.cos(2 * Math.PI * rnd());
}

/** Largest distance from a true corner to the nearest found corner. */
export function worstCornerError(found: readonly Point[], truth: readonly Point[]): number {
  return Math.max(...truth.map((t) => Math.min(...found.map((f) => Math.hypot(f[0] - t[0], f[1] - t[1])))));
}

/** Corners of a w x h page centred at (cx, cy), rotated by `deg` and squeezed at the top (fake tilt). */
export function placedPage(cx: number, cy: number, w: number, h: number, deg: number, squeeze = 0): Quad {
  const a = (deg * Math.PI) / 180;
  const local: Point[] = [[-w / 2 * (1 - squeeze), -h / 2], [w / 2 * (1 - squeeze), -h / 2], [w / 2, h / 2], [-w / 2, h / 2]];
  return local.map(([x, y]) => [cx + x * Math.cos(a) - y * Math.sin(a), cy + x * Math.sin(a) + y * Math.cos(a)]) as Quad;
}
