// One synthetic camera frame: a document lying on a desk plane with other things around it,
// seen by a pinhole camera with some radial distortion, then lit, blurred, noised.
import { homographyFrom } from "../../../scanner/detector/homography";
import { makeDocument, PAGE_KINDS, type PageKind } from "./documents";
import { Raster, type Rgb } from "./raster";
import { Rng, valueNoise } from "./random";

export const SURFACES = ["light_desk", "wood", "cloth", "dark_desk"] as const;
type Surface = (typeof SURFACES)[number];
type Pt = [number, number];

/** Something flat on the desk: its picture, centre (mm on the desk plane), turn and shape. */
interface Thing { raster: Raster; cu: number; cv: number; angle: number; round: boolean; name: string }

export interface Scene {
  width: number; height: number;
  corners: Pt[]; // the page's own tl, tr, br, bl in the frame
  pageKind: PageKind; surface: Surface; background: string;
  tags: string[]; pageSizeMm: [number, number];
  params: Record<string, unknown>;
  rgb: Float32Array; // width × height × 3, before noise and JPEG
  noiseSigma: number; jpegQuality: number;
}

function surfaceOf(kind: Surface, rng: Rng): { base: Rgb; at: (u: number, v: number) => Rgb } {
  const seed = rng.int(0, 1e6), turn = rng.range(0, Math.PI), ca = Math.cos(turn), sa = Math.sin(turn);
  const tint = (v: number): Rgb => rng.pick<Rgb>([[v, v, v], [v, v - 4, v - 14], [v - 6, v - 3, v], [v - 3, v, v - 6]]);
  if (kind === "wood") {
    const base = rng.pick<Rgb>([[150, 100, 60], [200, 165, 120], [110, 70, 45], [175, 130, 85]]);
    const period = rng.range(2, 8), plank = rng.range(90, 220), grain = rng.range(0.05, 0.18);
    return { base, at: (u, v) => {
      const s = u * ca + v * sa, t = -u * sa + v * ca;
      const g = 1 + grain * Math.sin((2 * Math.PI * (s + 12 * valueNoise(s / 50, t / 400, seed))) / period) - 0.1 * valueNoise(s / 20, t / 200, seed + 1);
      const seam = Math.abs(s - plank * Math.round(s / plank)) < 0.8 ? 0.6 : 1;
      return [base[0] * g * seam, base[1] * g * seam, base[2] * g * seam];
    } };
  }
  if (kind === "cloth") {
    const base = rng.chance(0.5) ? tint(rng.range(120, 230)) : ([rng.range(40, 200), rng.range(40, 200), rng.range(40, 200)] as Rgb);
    const p = rng.range(0.8, 2.5), stripe = rng.chance(0.4) ? rng.range(15, 45) : 0, depth = rng.range(0.05, 0.15);
    return { base, at: (u, v) => {
      const s = u * ca + v * sa, t = -u * sa + v * ca;
      let g = 1 + depth * Math.sin((2 * Math.PI * s) / p) * Math.sin((2 * Math.PI * t) / p) - 0.08 * valueNoise(s / 30, t / 30, seed);
      if (stripe && ((s / stripe) % 1 + 1) % 1 < 0.15) g *= 0.75;
      if (stripe && ((t / stripe) % 1 + 1) % 1 < 0.15) g *= 0.8;
      return [base[0] * g, base[1] * g, base[2] * g];
    } };
  }
  const base = kind === "light_desk" ? tint(rng.range(195, 245)) : tint(rng.range(25, 95));
  const amp = rng.range(2, 10);
  return { base, at: (u, v) => {
    const n = amp * (valueNoise(u / 120, v / 120, seed) - 0.5) + 0.3 * amp * (valueNoise(u / 3, v / 3, seed + 7) - 0.5);
    return [base[0] + n, base[1] + n, base[2] + n];
  } };
}

/** A plain slab (keyboard, phone, mat, sticky note, mug) with an optional grid of keys. */
function slab(w: number, h: number, colour: Rgb, keys: number): Raster {
  const r = new Raster(w, h, Math.min(4, 600 / Math.max(w, h)), colour);
  const pitch = w / Math.max(1, keys);
  for (let y = 4; keys && y + pitch < h; y += pitch) for (let x = 4; x + pitch < w; x += pitch) r.rect(x, y, pitch * 0.8, pitch * 0.8, colour.map((c) => c + 45) as Rgb);
  return r;
}

/** Other things on the desk: papers under or beside the page, cards, a keyboard, pens, a mat edge. */
function clutter(rng: Rng, page: Raster, background: string, objects: string[]): { under: Thing[]; over: Thing[] } {
  const under: Thing[] = [], over: Thing[] = [], R = Math.hypot(page.widthMm, page.heightMm) / 2;
  const place = (raster: Raster, name: string, near: number, round = false): Thing => {
    const a = rng.range(0, 2 * Math.PI), d = near * R + Math.hypot(raster.widthMm, raster.heightMm) / 2 * rng.range(0.3, 1.1);
    objects.push(name);
    return { raster, cu: d * Math.cos(a), cv: d * Math.sin(a), angle: rng.chance(0.5) ? rng.range(-0.3, 0.3) : rng.range(0, Math.PI), round, name };
  };
  if (background === "second_paper") {
    for (let i = rng.int(1, 2); i > 0; i--) {
      const kind = rng.pick<PageKind>(["a4", "letter", "receipt", "id_card", "a4"]);
      under.push(place(makeDocument(kind, rng).raster, `second_paper:${kind}`, rng.range(0.2, 0.9)));
    }
  }
  if (background === "clutter") {
    for (let i = rng.int(2, 5); i > 0; i--) {
      const what = rng.pick(["paper", "id_card", "keyboard", "phone", "pen", "sticky", "mug", "paper"]);
      if (what === "paper") under.push(place(makeDocument(rng.pick<PageKind>(["a4", "receipt", "letter"]), rng).raster, what, rng.range(0.5, 1.3)));
      else if (what === "id_card") under.push(place(makeDocument("id_card", rng).raster, what, rng.range(0.9, 1.4)));
      else if (what === "keyboard") under.push(place(slab(rng.range(280, 440), rng.range(110, 150), [rng.range(20, 70), rng.range(20, 70), rng.range(20, 70)].map(Math.round) as Rgb, 18), what, 1.1));
      else if (what === "phone") under.push(place(slab(72, 150, [15, 15, 20], 0), what, rng.range(0.9, 1.3)));
      else if (what === "sticky") under.push(place(slab(76, 76, rng.pick<Rgb>([[250, 235, 110], [250, 170, 190], [150, 230, 170]]), 0), what, rng.range(0.8, 1.2)));
      else if (what === "mug") under.push(place(slab(85, 85, [rng.range(20, 230), rng.range(20, 230), rng.range(20, 230)], 0), what, 1.1, true));
      else (rng.chance(0.3) ? over : under).push(place(slab(9, 145, [rng.range(10, 200), rng.range(10, 200), rng.range(10, 200)], 0), what, rng.range(0, 1.1)));
    }
  }
  if (rng.chance(0.35)) {
    // a desk mat or the desk's edge: a long straight line near the page
    const mat = slab(1200, 1200, [rng.range(20, 240), rng.range(20, 240), rng.range(20, 240)], 0), a = rng.range(0, 2 * Math.PI), d = 600 + R * rng.range(0.9, 1.6);
    under.unshift({ raster: mat, cu: d * Math.cos(a), cv: d * Math.sin(a), angle: a + rng.range(-0.2, 0.2), round: false, name: "desk_edge" });
    objects.push("desk_edge");
  }
  return { under, over };
}

function inside(t: Thing, u: number, v: number, out: Rgb): boolean {
  const du = u - t.cu, dv = v - t.cv, c = Math.cos(t.angle), s = Math.sin(t.angle), W = t.raster.widthMm, H = t.raster.heightMm;
  const lu = du * c + dv * s + W / 2, lv = -du * s + dv * c + H / 2;
  if (lu < 0 || lv < 0 || lu >= W || lv >= H) return false;
  if (t.round && (lu / W - 0.5) ** 2 + (lv / H - 0.5) ** 2 > 0.25) return false;
  t.raster.sample(lu, lv, out);
  return true;
}

/** The camera: page corners in the frame for a page of w × h mm with its centre at the desk's origin. */
function pose(rng: Rng, W: number, H: number, w: number, h: number, area: number, partial: boolean) {
  const f = Math.max(W, H) * rng.range(0.65, 1.5), tilt = (rng.chance(0.3) ? rng.range(25, 40) : rng.range(0, 25)) * Math.PI / 180;
  const axis = rng.range(0, 2 * Math.PI), rot = rng.chance(0.6) ? rng.int(0, 3) * Math.PI / 2 + rng.range(-0.2, 0.2) : rng.range(0, 2 * Math.PI);
  // R = rotation by `tilt` about the desk axis (cos axis, sin axis, 0), after turning the page by `rot`
  const [ax, ay] = [Math.cos(axis), Math.sin(axis)], ct = Math.cos(tilt), st = Math.sin(tilt);
  const Rt = [[ct + ax * ax * (1 - ct), ax * ay * (1 - ct), ay * st], [ax * ay * (1 - ct), ct + ay * ay * (1 - ct), -ax * st], [-ay * st, ax * st, ct]];
  const cr = Math.cos(rot), sr = Math.sin(rot);
  const toCam = (u: number, v: number, T: number[]): Pt => {
    const x = cr * u - sr * v, y = sr * u + cr * v;
    const X = Rt[0][0] * x + Rt[0][1] * y + T[0], Y = Rt[1][0] * x + Rt[1][1] * y + T[1], Z = Rt[2][0] * x + Rt[2][1] * y + T[2];
    return [f * X / Z + W / 2, f * Y / Z + H / 2];
  };
  const own: Pt[] = [[-w / 2, -h / 2], [w / 2, -h / 2], [w / 2, h / 2], [-w / 2, h / 2]];
  const quadArea = (q: Pt[]) => Math.abs(q.reduce((a, p, i) => a + p[0] * q[(i + 1) % 4][1] - q[(i + 1) % 4][0] * p[1], 0)) / 2;
  const D = 1000 * Math.sqrt(quadArea(own.map(([u, v]) => toCam(u, v, [0, 0, 1000]))) / (area * W * H));
  for (let tries = 0; tries < 200; tries++) {
    const spread = partial ? 0.75 : 0.45, cx = W * (0.5 + rng.range(-spread, spread)), cy = H * (0.5 + rng.range(-spread, spread));
    const T = [(cx - W / 2) * D / f, (cy - H / 2) * D / f, D];
    const corners = own.map(([u, v]) => toCam(u, v, T));
    // the share of the page inside the frame, on a 12 × 12 grid of page points
    let seen = 0;
    for (let i = 0; i < 144; i++) {
      const [x, y] = toCam(w * ((i % 12) + 0.5) / 12 - w / 2, h * (Math.floor(i / 12) + 0.5) / 12 - h / 2, T);
      if (x >= 0 && y >= 0 && x < W && y < H) seen++;
    }
    const out = corners.filter(([x, y]) => x < -0.02 * W || y < -0.02 * H || x > 1.02 * W || y > 1.02 * H).length;
    const margin = corners.every(([x, y]) => x > 0.01 * W && y > 0.01 * H && x < 0.99 * W && y < 0.99 * H);
    if (partial ? out >= 1 && out <= 2 && seen >= 0.45 * 144 : margin) {
      return { corners, toDesk: homographyFrom(corners, own)!, f, tilt, rot, area: quadArea(corners) / (W * H) };
    }
  }
  return null;
}

export function makeScene(rng: Rng): Scene | null {
  const [W, H] = rng.pick<Pt>([[1280, 720], [960, 540], [960, 540], [640, 360], [720, 1280], [540, 960], [540, 960]]);
  const pageKind = rng.pick(PAGE_KINDS), surface = rng.pick(SURFACES);
  const background = rng.pick(["clutter", "clutter", "second_paper", surface, surface]);
  const small = rng.chance(0.3), partial = rng.chance(0.35);
  const page = makeDocument(pageKind, rng).raster;
  const p = pose(rng, W, H, page.widthMm, page.heightMm, small ? rng.range(0.07, 0.25) : rng.range(0.25, 0.7), partial);
  if (!p) return null;
  const objects: string[] = [];
  const desk = surfaceOf(surface, rng), { under, over } = clutter(rng, page, background, objects);
  const layers: Thing[] = [...under, { raster: page, cu: 0, cv: 0, angle: 0, round: false, name: "page" }, ...over];
  const k1 = rng.chance(0.5) ? rng.range(-0.08, 0.03) : 0, half = Math.hypot(W, H) / 2;
  const lens = (x: number, y: number): Pt => {
    const qx = (x - W / 2) / half, qy = (y - H / 2) / half, g = 1 + k1 * (qx * qx + qy * qy);
    return [W / 2 + qx * g * half, H / 2 + qy * g * half];
  };
  // where the page's corners land after the lens: solve lens(c) = corner by fixed-point iteration
  const corners = p.corners.map(([x, y]): Pt => {
    let c: Pt = [x, y];
    for (let i = 0; i < 20; i++) { const l = lens(c[0], c[1]); c = [c[0] + x - l[0], c[1] + y - l[1]]; }
    return c;
  });
  const light = lighting(rng, W, H, corners);
  const rgb = new Float32Array(W * H * 3), c: Rgb = [0, 0, 0];
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const qx = (x + 0.5 - W / 2) / half, qy = (y + 0.5 - H / 2) / half, g = 1 + k1 * (qx * qx + qy * qy);
      const sx = W / 2 + qx * g * half, sy = H / 2 + qy * g * half, h = p.toDesk, w = h[6] * sx + h[7] * sy + h[8];
      const u = (h[0] * sx + h[1] * sy + h[2]) / w, v = (h[3] * sx + h[4] * sy + h[5]) / w;
      let hit = false;
      for (let i = layers.length - 1; i >= 0 && !hit; i--) hit = inside(layers[i], u, v, c);
      if (!hit) c.splice(0, 3, ...desk.at(u, v));
      const [gain, add] = light.at(x + 0.5, y + 0.5), o = 3 * (y * W + x);
      for (let k = 0; k < 3; k++) rgb[o + k] = c[k] * gain + add;
    }
  }
  const blur = blurFrame(rng, rgb, W, H);
  const paperLum = borderLum(page), edgeContrast = Math.round(Math.abs(paperLum - lum(desk.base)));
  const noiseSigma = rng.chance(0.3) ? rng.range(5, 9) : rng.range(1, 5), jpegQuality = rng.chance(0.25) ? rng.int(55, 69) : rng.int(70, 92);
  const turn = ((Math.atan2(corners[1][1] - corners[0][1], corners[1][0] - corners[0][0]) * 180 / Math.PI) % 90 + 90) % 90;
  const tags = [
    surface === "light_desk" && "light_desk", background === "clutter" && "clutter", background === "second_paper" && "second_paper",
    light.shadow && "shadow", light.glare && "glare", blur && "blur", edgeContrast < 30 && "low_contrast", partial && "partial",
    p.area < 0.25 && "small", p.tilt >= 25 * Math.PI / 180 && "steep_tilt", turn > 15 && turn < 75 && "rotated",
    light.gain <= 0.65 && "dark", noiseSigma >= 5 && "noise", jpegQuality < 70 && "low_jpeg", light.gradient >= 0.3 && "uneven_light",
  ].filter((t): t is string => !!t);
  return {
    width: W, height: H, corners, pageKind, surface, background, tags: tags.length ? tags : ["clean"],
    pageSizeMm: [page.widthMm, page.heightMm], rgb, noiseSigma, jpegQuality,
    params: { tilt_deg: +(p.tilt * 180 / Math.PI).toFixed(1), rotation_deg: +(p.rot * 180 / Math.PI).toFixed(1), focal_px: Math.round(p.f), k1: +k1.toFixed(3), area_frac: +p.area.toFixed(3), edge_contrast: edgeContrast, jpeg_quality: jpegQuality, noise_sigma: +noiseSigma.toFixed(2), gain: +light.gain.toFixed(2), gradient: +light.gradient.toFixed(2), shadow: light.shadow, glare_spots: light.glare, blur, objects },
  };
}

const lum = (c: Rgb) => 0.299 * c[0] + 0.587 * c[1] + 0.114 * c[2];

/** Mean luminance of a picture's outermost pixels: what the desk is seen against at its edge. */
function borderLum(r: Raster): number {
  let sum = 0, n = 0;
  for (let i = 0; i < r.w * r.h; i++) {
    const x = i % r.w, y = Math.floor(i / r.w);
    if (x > 0 && y > 0 && x < r.w - 1 && y < r.h - 1) continue;
    sum += lum([r.data[3 * i], r.data[3 * i + 1], r.data[3 * i + 2]]);
    n++;
  }
  return sum / n;
}

/** Gain, a brightness gradient, vignetting, a soft cast shadow and glare spots: [factor, added light] at a point. */
function lighting(rng: Rng, W: number, H: number, page: Pt[]) {
  const gain = rng.chance(0.15) ? rng.range(0.45, 0.65) : rng.range(0.8, 1.1), gradient = rng.chance(0.25) ? rng.range(0.3, 0.6) : rng.range(0, 0.25);
  const ga = rng.range(0, 2 * Math.PI), half = Math.hypot(W, H) / 2, vignette = rng.range(0, 0.3);
  const shadow = rng.chance(0.35), glare = rng.chance(0.25) ? rng.int(1, 2) : 0;
  // the shadow: everything beyond a line through a point on the page (a hand, a phone, the photographer)
  const on = (): Pt => {
    const [a, b, c] = rng.chance(0.5) ? [page[0], page[1], page[2]] : [page[0], page[2], page[3]];
    let s = rng.next(), t = rng.next();
    if (s + t > 1) [s, t] = [1 - s, 1 - t];
    return [a[0] + s * (b[0] - a[0]) + t * (c[0] - a[0]), a[1] + s * (b[1] - a[1]) + t * (c[1] - a[1])];
  };
  const [sx, sy] = on(), sa = rng.range(0, 2 * Math.PI), depth = rng.range(0.25, 0.6), pen = rng.range(3, 40) * W / 1280;
  const spots = Array.from({ length: glare }, () => ({ at: on(), r: rng.range(20, 120) * W / 1280, amp: rng.range(60, 200) }));
  return {
    gain, gradient, shadow, glare,
    at(x: number, y: number): [number, number] {
      const dx = (x - W / 2) / half, dy = (y - H / 2) / half;
      let k = gain * (1 + gradient * (dx * Math.cos(ga) + dy * Math.sin(ga))) * (1 - vignette * (dx * dx + dy * dy));
      if (shadow) k *= 1 - depth * Math.min(1, Math.max(0, 0.5 + ((x - sx) * Math.cos(sa) + (y - sy) * Math.sin(sa)) / pen));
      let add = 0;
      for (const s of spots) add += s.amp * Math.exp(-((x - s.at[0]) ** 2 + (y - s.at[1]) ** 2) / (2 * s.r * s.r));
      return [k, add];
    },
  };
}

/** Optics: always a little blur; sometimes defocus (Gaussian) or motion (a line); returns the tag's label or null. */
function blurFrame(rng: Rng, rgb: Float32Array, W: number, H: number): string | null {
  const scale = Math.max(W, H) / 1280, kind = rng.pick(["none", "none", "defocus", "motion"]);
  const sigma = kind === "defocus" ? rng.range(1.5, 3.5) * scale : rng.range(0.5, 0.9);
  gaussian(rgb, W, H, sigma);
  if (kind === "motion") {
    const len = Math.round(rng.range(6, 22) * scale), a = rng.range(0, Math.PI);
    boxAlong(rgb, W, H, len, Math.cos(a), Math.sin(a));
    return `motion len=${len}`;
  }
  return kind === "defocus" ? `defocus sigma=${sigma.toFixed(1)}` : null;
}

function gaussian(rgb: Float32Array, W: number, H: number, sigma: number): void {
  const r = Math.ceil(3 * sigma), k = Array.from({ length: 2 * r + 1 }, (_, i) => Math.exp(-((i - r) ** 2) / (2 * sigma * sigma)));
  const sum = k.reduce((a, b) => a + b, 0), tmp = new Float32Array(rgb.length);
  pass(rgb, tmp, W, H, 3, 3 * W, k.map((v) => v / sum));
  pass(tmp, rgb, H, W, 3 * W, 3, k.map((v) => v / sum));
}

/** One 1-D convolution along every line of `len` pixels (`step` apart; lines `lineStep` apart), clamped at the ends. */
function pass(src: Float32Array, dst: Float32Array, len: number, lines: number, step: number, lineStep: number, k: number[]): void {
  const r = (k.length - 1) / 2;
  for (let l = 0; l < lines; l++) for (let i = 0; i < len; i++) for (let c = 0; c < 3; c++) {
    let s = 0;
    for (let j = -r; j <= r; j++) s += k[j + r] * src[l * lineStep + Math.min(len - 1, Math.max(0, i + j)) * step + c];
    dst[l * lineStep + i * step + c] = s;
  }
}

/** Motion blur: the mean of `len` pixels along (cx, cy), clamped at the frame's edges. */
function boxAlong(rgb: Float32Array, W: number, H: number, len: number, cx: number, cy: number): void {
  const src = rgb.slice(), dx = Array.from({ length: len }, (_, i) => Math.round((i - len / 2) * cx)), dy = dx.map((_, i) => Math.round((i - len / 2) * cy));
  for (let y = 0; y < H; y++) for (let x = 0; x < W; x++) for (let c = 0; c < 3; c++) {
    let s = 0;
    for (let i = 0; i < len; i++) s += src[3 * (Math.min(H - 1, Math.max(0, y + dy[i])) * W + Math.min(W - 1, Math.max(0, x + dx[i]))) + c];
    rgb[3 * (y * W + x) + c] = s / len;
  }
}
