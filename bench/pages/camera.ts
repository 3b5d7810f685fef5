// The camera frame of a printed page at home: the flat page placed in perspective on a desk,
// lit unevenly (a gradient, a shadow band, a colour cast, vignetting), slightly out of focus and
// noisy. Everything is drawn from the scene's own numbers and seed, so frames are reproducible.
import { homographyFrom, project } from "../../scanner/detector/homography";
import { projectA4, type Pt, type View } from "../../tests/e2e/support/synthetic-page";
import { Rng, valueNoise } from "../detector/synth/random";

export interface Light {
  /** Brightness on the bright and the dark side of the page, and the direction (degrees, page coordinates) from bright to dark. */
  from: number; to: number; angle: number;
  /** Multipliers for R, G, B (tungsten ≈ 1, 0.85, 0.6). */
  cast: [number, number, number];
  /** A soft band of shadow across the page (a hand, a phone): centre (page fractions), angle, half width, depth. */
  shadow?: { at: [number, number]; angle: number; half: number; depth: number };
  vignette: number;
  blur: number;
  noise: number;
}
export interface Shot { camera: [number, number]; view: View; fill: number; offset: [number, number]; desk: "wood" | "dark" | "grey" | "cloth" }
export interface Frame { width: number; height: number; data: Uint8Array; corners: [Pt, Pt, Pt, Pt] }
interface Image { width: number; height: number; data: Uint8Array }

const DESKS = { wood: [150, 104, 66], dark: [52, 48, 46], grey: [128, 126, 122], cloth: [70, 84, 110] } as const;

/** Page corners in the frame: the pinhole view, scaled so its box spans `fill` of the frame's width (or 94 % of its height). */
export function placePage(shot: Shot): [Pt, Pt, Pt, Pt] {
  const [W, H] = shot.camera, raw = projectA4(W, H, shot.view);
  const xs = raw.map((p) => p[0]), ys = raw.map((p) => p[1]);
  const bw = Math.max(...xs) - Math.min(...xs), bh = Math.max(...ys) - Math.min(...ys);
  const s = Math.min((shot.fill * W) / bw, (0.94 * H) / bh);
  const cx = (Math.max(...xs) + Math.min(...xs)) / 2, cy = (Math.max(...ys) + Math.min(...ys)) / 2;
  return raw.map(([x, y]) => [W / 2 + shot.offset[0] * W + s * (x - cx), H / 2 + shot.offset[1] * H + s * (y - cy)]) as [Pt, Pt, Pt, Pt];
}

export function renderFrame(flat: Image, shot: Shot, light: Light, seed: number): Frame {
  const [W, H] = shot.camera, corners = placePage(shot), rng = new Rng(seed);
  const toPage = homographyFrom(corners, [[0, 0], [flat.width, 0], [flat.width, flat.height], [0, flat.height]])!;
  const desk = DESKS[shot.desk], grain = rng.int(0, 1e6);
  const rgb = new Float32Array(W * H * 3), c: [number, number, number] = [0, 0, 0];
  const da = (light.angle * Math.PI) / 180, dx = Math.cos(da), dy = Math.sin(da);
  const t0 = Math.min(0, dx) + Math.min(0, dy), t1 = Math.max(0, dx) + Math.max(0, dy); // the gradient's range over the unit page
  for (let y = 0; y < H; y++) for (let x = 0; x < W; x++) {
    let r = 0, g = 0, b = 0;
    for (const [ox, oy] of [[0.25, 0.25], [0.75, 0.25], [0.25, 0.75], [0.75, 0.75]]) {
      const [px, py] = project(toPage, x + ox, y + oy);
      if (px >= 0 && py >= 0 && px < flat.width && py < flat.height) bilinear(flat, px, py, c);
      else {
        const n = shot.desk === "wood" ? 1 + 0.12 * Math.sin((x + 40 * valueNoise(x / 300, y / 60, grain)) / 7) : 1 + 0.1 * (valueNoise(x / 90, y / 90, grain) - 0.5);
        c[0] = desk[0] * n; c[1] = desk[1] * n; c[2] = desk[2] * n;
      }
      r += c[0] / 4; g += c[1] / 4; b += c[2] / 4;
    }
    const [u, v] = project(toPage, x + 0.5, y + 0.5).map((p, i) => Math.max(-1, Math.min(2, p / (i ? flat.height : flat.width))));
    const t = Math.max(0, Math.min(1, (u * dx + v * dy - t0) / (t1 - t0)));
    let k = light.from + (light.to - light.from) * t;
    const rr = ((x - W / 2) ** 2 + (y - H / 2) ** 2) / ((W / 2) ** 2 + (H / 2) ** 2);
    k *= 1 - light.vignette * rr;
    if (light.shadow) {
      const s = light.shadow, sa = (s.angle * Math.PI) / 180;
      const d = Math.abs((u - s.at[0]) * -Math.sin(sa) + (v - s.at[1]) * Math.cos(sa));
      k *= 1 - s.depth * Math.max(0, Math.min(1, (s.half - d) / 0.04 + 0.5));
    }
    const o = 3 * (y * W + x);
    rgb[o] = r * k * light.cast[0]; rgb[o + 1] = g * k * light.cast[1]; rgb[o + 2] = b * k * light.cast[2];
  }
  // The lens's blur is a share of the frame: σ is given for a 1080-px-wide frame and scales with
  // the frame's width (a 720p stream is the same picture in fewer pixels).
  gaussian(rgb, W, H, (light.blur * W) / 1080);
  const data = new Uint8Array(W * H * 4);
  for (let i = 0; i < W * H; i++) {
    const common = rng.normal() * light.noise * 0.6;
    for (let k = 0; k < 3; k++) data[4 * i + k] = Math.max(0, Math.min(255, Math.round(rgb[3 * i + k] + common + rng.normal() * light.noise * 0.8)));
    data[4 * i + 3] = 255;
  }
  return { width: W, height: H, data, corners };
}

function bilinear(img: Image, x: number, y: number, out: [number, number, number]): void {
  const fx = Math.max(0, Math.min(img.width - 1.001, x - 0.5)), fy = Math.max(0, Math.min(img.height - 1.001, y - 0.5));
  const x0 = Math.floor(fx), y0 = Math.floor(fy), ax = fx - x0, ay = fy - y0, d = img.data;
  const i = 4 * (y0 * img.width + x0), j = i + 4 * img.width;
  for (let k = 0; k < 3; k++) {
    const top = d[i + k] + ax * (d[i + 4 + k] - d[i + k]), bottom = d[j + k] + ax * (d[j + 4 + k] - d[j + k]);
    out[k] = top + ay * (bottom - top);
  }
}

/** Separable Gaussian blur of an interleaved RGB float image, in place, edges clamped. */
export function gaussian(rgb: Float32Array, W: number, H: number, sigma: number): void {
  if (sigma <= 0) return;
  const r = Math.ceil(3 * sigma), k = Array.from({ length: 2 * r + 1 }, (_, i) => Math.exp(-((i - r) ** 2) / (2 * sigma * sigma)));
  const sum = k.reduce((a, b) => a + b, 0), w = k.map((v) => v / sum), tmp = new Float32Array(rgb.length);
  for (let y = 0; y < H; y++) for (let x = 0; x < W; x++) for (let c = 0; c < 3; c++) {
    let s = 0;
    for (let j = -r; j <= r; j++) s += w[j + r] * rgb[3 * (y * W + Math.min(W - 1, Math.max(0, x + j))) + c];
    tmp[3 * (y * W + x) + c] = s;
  }
  for (let y = 0; y < H; y++) for (let x = 0; x < W; x++) for (let c = 0; c < 3; c++) {
    let s = 0;
    for (let j = -r; j <= r; j++) s += w[j + r] * tmp[3 * (Math.min(H - 1, Math.max(0, y + j)) * W + x) + c];
    rgb[3 * (y * W + x) + c] = s;
  }
}
