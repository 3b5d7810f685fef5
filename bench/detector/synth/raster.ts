// A flat RGB picture of one object (a page, a card, a keyboard) in its own millimetres,
// drawn with axis-aligned rectangles and sampled bilinearly when the scene is rendered.
export type Rgb = [number, number, number];

export class Raster {
  readonly w: number;
  readonly h: number;
  readonly data: Float32Array;
  /** the object's size in mm and the raster's pixels per mm */
  constructor(readonly widthMm: number, readonly heightMm: number, readonly pxPerMm: number, fill: Rgb) {
    this.w = Math.max(2, Math.round(widthMm * pxPerMm));
    this.h = Math.max(2, Math.round(heightMm * pxPerMm));
    this.data = new Float32Array(this.w * this.h * 3);
    for (let i = 0; i < this.w * this.h; i++) this.data.set(fill, 3 * i);
  }

  /** Paints [x, x + w) × [y, y + h) mm, blending `alpha` of `c` over what is there. */
  rect(x: number, y: number, w: number, h: number, c: Rgb, alpha = 1): void {
    this.paint(x, y, w, h, () => c, alpha);
  }

  /** Like `rect`, with the colour a function of the position inside the rectangle (0..1, 0..1). */
  paint(x: number, y: number, w: number, h: number, colour: (fx: number, fy: number) => Rgb, alpha = 1): void {
    const s = this.pxPerMm;
    const x0 = Math.max(0, Math.round(x * s)), x1 = Math.min(this.w, Math.max(x0 + 1, Math.round((x + w) * s)));
    const y0 = Math.max(0, Math.round(y * s)), y1 = Math.min(this.h, Math.max(y0 + 1, Math.round((y + h) * s)));
    for (let py = y0; py < y1; py++) {
      for (let px = x0; px < x1; px++) {
        const i = 3 * (py * this.w + px), c = colour((px - x0) / (x1 - x0), (py - y0) / (y1 - y0));
        for (let k = 0; k < 3; k++) this.data[i + k] += alpha * (c[k] - this.data[i + k]);
      }
    }
  }

  /** Bilinear colour at (u, v) mm, written into `out`. */
  sample(u: number, v: number, out: Rgb): void {
    const x = Math.min(this.w - 1.001, Math.max(0, u * this.pxPerMm - 0.5));
    const y = Math.min(this.h - 1.001, Math.max(0, v * this.pxPerMm - 0.5));
    const x0 = Math.floor(x), y0 = Math.floor(y), fx = x - x0, fy = y - y0;
    const i = 3 * (y0 * this.w + x0), j = i + 3 * this.w, d = this.data;
    for (let k = 0; k < 3; k++) {
      const top = d[i + k] + fx * (d[i + 3 + k] - d[i + k]);
      const bottom = d[j + k] + fx * (d[j + 3 + k] - d[j + k]);
      out[k] = top + fy * (bottom - top);
    }
  }
}
