/*
 * Grey morphology and blurs on small float planes (the paper map: a few hundred cells a
 * side). Windows are square, clamped at the borders; the running max (van Herk / Gil-Werman)
 * costs three comparisons per cell whatever the radius.
 */

/** In place: the max (`sign` 1) or min (`sign` -1) over a (2r+1)² window. */
export function extremeFilter(p: Float32Array, w: number, h: number, r: number, sign: 1 | -1): void {
  if (r < 1) return;
  const n = Math.max(w, h), ext = new Float32Array(n + 2 * r), g = new Float32Array(n + 2 * r), hh = new Float32Array(n + 2 * r);
  const line = new Float32Array(n);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) line[x] = sign * p[y * w + x];
    runMax(line, w, r, ext, g, hh);
    for (let x = 0; x < w; x++) p[y * w + x] = sign * line[x];
  }
  for (let x = 0; x < w; x++) {
    for (let y = 0; y < h; y++) line[y] = sign * p[y * w + x];
    runMax(line, h, r, ext, g, hh);
    for (let y = 0; y < h; y++) p[y * w + x] = sign * line[y];
  }
}

// In place over line[0..n): max over [i-r, i+r], the line padded with -Infinity.
function runMax(line: Float32Array, n: number, r: number, ext: Float32Array, g: Float32Array, h: Float32Array): void {
  const k = 2 * r + 1, m = n + 2 * r;
  for (let i = 0; i < m; i++) ext[i] = i >= r && i < n + r ? line[i - r] : -Infinity;
  for (let i = 0; i < m; i++) g[i] = i % k === 0 ? ext[i] : Math.max(g[i - 1], ext[i]);
  for (let i = m - 1; i >= 0; i--) h[i] = i === m - 1 || (i + 1) % k === 0 ? ext[i] : Math.max(h[i + 1], ext[i]);
  for (let i = 0; i < n; i++) line[i] = Math.max(h[i], g[i + 2 * r]);
}

/** In place: a box blur of radius r, applied `passes` times (three passes ≈ a Gaussian). */
export function boxBlur(p: Float32Array, w: number, h: number, r: number, passes = 2): void {
  if (r < 1) return;
  const line = new Float32Array(Math.max(w, h)), tmp = new Float32Array(Math.max(w, h));
  for (let pass = 0; pass < passes; pass++) {
    for (let y = 0; y < h; y++) {
      for (let x = 0; x < w; x++) line[x] = p[y * w + x];
      blurLine(line, w, r, tmp);
      for (let x = 0; x < w; x++) p[y * w + x] = tmp[x];
    }
    for (let x = 0; x < w; x++) {
      for (let y = 0; y < h; y++) line[y] = p[y * w + x];
      blurLine(line, h, r, tmp);
      for (let y = 0; y < h; y++) p[y * w + x] = tmp[y];
    }
  }
}

// Mean over [i-r, i+r] with the ends repeated (so a ramp at the border stays a ramp).
function blurLine(line: Float32Array, n: number, r: number, out: Float32Array): void {
  const at = (i: number) => line[i < 0 ? 0 : i >= n ? n - 1 : i];
  let sum = 0;
  for (let i = -r; i <= r; i++) sum += at(i);
  for (let i = 0; i < n; i++) {
    out[i] = sum / (2 * r + 1);
    sum += at(i + r + 1) - at(i - r);
  }
}
