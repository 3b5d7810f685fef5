// The detector's speed work (26 Nov 2026) restructured loops that must give the same
// numbers bit for bit. Each stage is checked here against the straightforward form it
// replaced, on random input of awkward sizes (the data sets only have 16:9 frames).
import { describe, expect, it } from "vitest";
import { downscale, type Planes } from "../../../scanner/detector/downscale";
import { colourGradient } from "../../../scanner/detector/gradient";
import { edgeNear } from "../../../scanner/detector/paper-cues";
import type { Frame } from "../../../scanner/detector/types";
import { mulberry32 } from "./synthetic";

function randomFrame(width: number, height: number, seed: number): Frame {
  const rnd = mulberry32(seed), data = new Uint8ClampedArray(width * height * 4);
  for (let i = 0; i < data.length; i++) data[i] = Math.floor(rnd() * 256);
  return { data, width, height };
}

// The box average as first written: one sample loop per output pixel, float sums.
function downscaleReference(frame: Frame, size: number): Planes {
  const { width: W, height: H, data } = frame;
  const s = Math.min(1, size / Math.max(W, H));
  const w = Math.max(1, Math.round(W * s)), h = Math.max(1, Math.round(H * s));
  const lum = new Float32Array(w * h), rg = new Float32Array(w * h), yb = new Float32Array(w * h);
  const edge = (full: number, small: number, i: number) => Math.min(full, Math.round((i * full) / small));
  const step = Math.max(1, Math.round(W / w / 2));
  for (let j = 0; j < h; j++) {
    for (let i = 0; i < w; i++) {
      let r = 0, g = 0, b = 0, n = 0;
      for (let y = edge(H, h, j); y < edge(H, h, j + 1); y += step) {
        for (let x = edge(W, w, i); x < edge(W, w, i + 1); x += step) {
          const o = (y * W + x) * 4;
          r += data[o]; g += data[o + 1]; b += data[o + 2]; n++;
        }
      }
      r /= n; g /= n; b /= n;
      lum[j * w + i] = 0.299 * r + 0.587 * g + 0.114 * b;
      rg[j * w + i] = r - g;
      yb[j * w + i] = (r + g) / 2 - b;
    }
  }
  return { width: w, height: h, sx: W / w, sy: H / h, lum, rg, yb };
}

// Blur then Sobel per plane with fresh arrays and the full 3×3 window at every pixel.
function gradientReference(p: Planes): Float32Array[] {
  const { width: w, height: h } = p, n = w * h;
  const gx = new Float32Array(n), gy = new Float32Array(n), mag = new Float32Array(n);
  const at = (a: Float32Array, x: number, y: number) => a[Math.min(h - 1, Math.max(0, y)) * w + Math.min(w - 1, Math.max(0, x))];
  for (const plane of [p.lum, p.rg, p.yb]) {
    const tmp = new Float32Array(n), s = new Float32Array(n);
    for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) tmp[y * w + x] = (at(plane, x - 1, y) + 2 * at(plane, x, y) + at(plane, x + 1, y)) * 0.25;
    for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) s[y * w + x] = (at(tmp, x, y - 1) + 2 * at(tmp, x, y) + at(tmp, x, y + 1)) * 0.25;
    for (let y = 1; y < h - 1; y++) {
      for (let x = 1; x < w - 1; x++) {
        const v = (dx: number, dy: number) => s[(y + dy) * w + x + dx];
        const gxv = (v(1, -1) + 2 * v(1, 0) + v(1, 1) - v(-1, -1) - 2 * v(-1, 0) - v(-1, 1)) * 0.125;
        const gyv = (v(-1, 1) + 2 * v(0, 1) + v(1, 1) - v(-1, -1) - 2 * v(0, -1) - v(1, -1)) * 0.125;
        const m = gxv * gxv + gyv * gyv, i = y * w + x;
        if (m > mag[i]) { mag[i] = m; gx[i] = gxv; gy[i] = gyv; }
      }
    }
  }
  for (let i = 0; i < n; i++) mag[i] = Math.sqrt(mag[i]);
  return [gx, gy, mag];
}

// Awkward ratios and strides at a small scale (the detector's 1280 px to 320 / 480 / 213 are 4, 2.67 and 6).
const sizes: [number, number, number][] = [[640, 360, 160], [640, 360, 240], [640, 360, 107], [960, 540, 160], [359, 641, 160], [301, 97, 320], [5, 3, 320], [1, 7, 320]];

/** Indices where two arrays differ (Object.is: bit for bit but for NaN payloads), at most 5. */
function differences(a: Float32Array, b: Float32Array): number[] {
  const out: number[] = [];
  for (let i = 0; i < Math.max(a.length, b.length) && out.length < 5; i++) if (!Object.is(a[i], b[i])) out.push(i);
  return out;
}

describe("downscale", () => {
  it.each(sizes)("gives the straightforward box average bit for bit (%i×%i to %i)", (width, height, size) => {
    const frame = randomFrame(width, height, width + height + size);
    const got = downscale(frame, size), want = downscaleReference(frame, size);
    expect([got.width, got.height, got.sx, got.sy]).toEqual([want.width, want.height, want.sx, want.sy]);
    for (const k of ["lum", "rg", "yb"] as const) expect(differences(got[k], want[k])).toEqual([]);
  });
});

describe("colourGradient", () => {
  it("gives the straightforward blur and Sobel bit for bit, with its buffers reused across sizes", () => {
    // Larger, smaller, then larger again: a reused buffer must never leak the last frame's values.
    for (const [width, height, size] of [sizes[3], sizes[5], sizes[6], sizes[7], sizes[0], sizes[4]]) {
      const planes = downscale(randomFrame(width, height, size + width), size);
      const g = colourGradient(planes), want = gradientReference(planes);
      [g.gx, g.gy, g.mag].forEach((got, k) => expect(differences(got, want[k])).toEqual([]));
    }
  });
});

describe("edgeNear", () => {
  it("is the 3×3 dilation of the edge map inside the frame's border, and -1 on and beyond it", () => {
    const w = 23, h = 17, rnd = mulberry32(7);
    const edge = new Uint8Array(w * h).map(() => (rnd() < 0.08 ? 1 : 0));
    for (let y = -1; y <= h; y++) {
      for (let x = -1; x <= w; x++) {
        const inner = x >= 1 && y >= 1 && x < w - 1 && y < h - 1;
        let near = 0;
        if (inner) for (let dy = -1; dy <= 1; dy++) for (let dx = -1; dx <= 1; dx++) near |= edge[(y + dy) * w + x + dx];
        expect(edgeNear(edge, w, h, x + 0.3, y - 0.2)).toBe(inner ? near : -1);
      }
    }
  });
});
