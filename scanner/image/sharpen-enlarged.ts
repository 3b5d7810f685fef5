import type { Frame } from "../pixels";

/**
 * In place: an unsharp mask on luma with a Gaussian of `sigma` pixels, luma + `amount` ×
 * (luma − blurred luma), the change added to every channel (colour kept, grey stays grey).
 * For a low-resolution page after it is enlarged (`LOW_RES`): a 720p camera's lens blur and
 * the crop's resampling spread a stroke over about σ 0.7 of the page's pixels, 1.4 of the
 * enlarged page's, and a mask of that width pulls the ink back into the stroke and opens the
 * gaps between letters. Matched to the blur, not 3×3 like the document filter's, which at the
 * page's own size rings around strokes one or two pixels wide. Train scenes 01-06 at 720p
 * (docs/filters.md): as good as 10 rounds of Richardson-Lucy deconvolution with the same
 * Gaussian, at a tenth of its time.
 */
export function sharpenEnlarged(page: Frame, sigma: number, amount: number): void {
  const { width: w, height: h, data: d } = page, n = w * h;
  const luma = new Float32Array(n), blurred = new Float32Array(n);
  for (let k = 0, i = 0; k < n; k++, i += 4) luma[k] = 0.299 * d[i] + 0.587 * d[i + 1] + 0.114 * d[i + 2];
  gaussianBlur(luma, blurred, w, h, gaussianKernel(sigma));
  for (let k = 0, i = 0; k < n; k++, i += 4) {
    const delta = amount * (luma[k] - blurred[k]);
    d[i] = clamp(d[i] + delta); d[i + 1] = clamp(d[i + 1] + delta); d[i + 2] = clamp(d[i + 2] + delta);
  }
}

function gaussianKernel(sigma: number): Float32Array {
  const r = Math.max(1, Math.ceil(3 * sigma)), k = new Float32Array(2 * r + 1);
  let sum = 0;
  for (let i = -r; i <= r; i++) sum += k[i + r] = Math.exp(-(i * i) / (2 * sigma * sigma));
  for (let i = 0; i < k.length; i++) k[i] /= sum;
  return k;
}

/** Separable blur of `src` into `out`, edges clamped. */
function gaussianBlur(src: Float32Array, out: Float32Array, w: number, h: number, k: Float32Array): void {
  const r = (k.length - 1) >> 1, rows = new Float32Array(w * h);
  for (let y = 0; y < h; y++) {
    const row = y * w;
    for (let x = 0; x < w; x++) {
      let acc = 0;
      if (x >= r && x < w - r) for (let j = 0, p = row + x - r; j < k.length; j++, p++) acc += k[j] * src[p];
      else for (let j = 0; j < k.length; j++) acc += k[j] * src[row + Math.min(w - 1, Math.max(0, x + j - r))];
      rows[row + x] = acc;
    }
  }
  for (let y = 0; y < h; y++) {
    const inside = y >= r && y < h - r;
    for (let x = 0; x < w; x++) {
      let acc = 0;
      if (inside) for (let j = 0, p = (y - r) * w + x; j < k.length; j++, p += w) acc += k[j] * rows[p];
      else for (let j = 0; j < k.length; j++) acc += k[j] * rows[Math.min(h - 1, Math.max(0, y + j - r)) * w + x];
      out[y * w + x] = acc;
    }
  }
}

function clamp(v: number): number {
  return v < 0 ? 0 : v > 255 ? 255 : v;
}
