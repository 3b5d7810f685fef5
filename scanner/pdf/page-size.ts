/** PDF points per inch. */
const PT = 72;
/** The resolution the corrected pages are rendered at. */
export const TARGET_DPI = 200;
/** Relative aspect difference under which a page is taken to be A4 or Letter. */
const SNAP_TOLERANCE = 0.035;

const FORMATS = {
  a4: [595.28, 841.89],
  letter: [612, 792],
} as const;

export type PageFormat = keyof typeof FORMATS | "custom";

export interface PageBox {
  width: number;
  height: number;
  format: PageFormat;
}

/**
 * The PDF page for a corrected capture of `w`×`h` pixels: A4 or Letter (in the
 * capture's orientation) when its aspect is within 3.5% of one, otherwise the
 * pixels at 200 dpi, so receipts and ID cards keep their own shape.
 */
export function pageBoxFor(w: number, h: number): PageBox {
  const portrait = h >= w;
  const aspect = portrait ? h / w : w / h;
  let best: { format: keyof typeof FORMATS; diff: number } | null = null;
  for (const format of Object.keys(FORMATS) as (keyof typeof FORMATS)[]) {
    const [fw, fh] = FORMATS[format];
    const diff = Math.abs(aspect - fh / fw) / (fh / fw);
    if (diff <= SNAP_TOLERANCE && (!best || diff < best.diff)) best = { format, diff };
  }
  if (!best) return { width: (w * PT) / TARGET_DPI, height: (h * PT) / TARGET_DPI, format: "custom" };
  const [fw, fh] = FORMATS[best.format];
  return portrait ? { width: fw, height: fh, format: best.format } : { width: fh, height: fw, format: best.format };
}

/**
 * Pixel size to render a corrected page at: the snapped paper size at 200 dpi
 * when the quad's aspect is close to one, otherwise its own aspect with the long
 * side at A4's 200-dpi length, never upscaling past the source's own pixels.
 */
export function renderSizeFor(aspectW: number, aspectH: number, sourceLongSide: number): { width: number; height: number } {
  const box = pageBoxFor(aspectW, aspectH);
  const ratio = box.width / box.height;
  const a4Long = Math.round((FORMATS.a4[1] / PT) * TARGET_DPI);
  const long = Math.min(a4Long, Math.max(200, Math.round(sourceLongSide)));
  return ratio <= 1
    ? { width: Math.round(long * ratio), height: long }
    : { width: long, height: Math.round(long / ratio) };
}
