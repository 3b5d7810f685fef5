import { LEGIBLE_DPI } from "../contract";
import type { NormQuad } from "../worker/protocol";

/** A4's sides in inches: the page is taken to be A4 (a Letter page comes out within 3 % of it). */
const A4_LONG_IN = 297 / 25.4, A4_SHORT_IN = 210 / 25.4;
/**
 * A page whose box spans this share of the frame (on its fuller axis) has no room left to
 * grow: closer, its edges would leave the frame. Below the legible resolution there, the
 * camera is the limit, not the distance (docs/scanner.md, "Resolution by camera").
 */
export const FILLS_FRAME = 0.8;

/** The live stream's size, and how many still pixels a stream pixel becomes (above 1 when the camera's photos are larger). */
export interface StreamSize {
  width: number;
  height: number;
  stillScale: number;
}

/** Where the page stands in the stream: the dpi it would be delivered at, and how much of the frame it spans. */
export interface PageInView {
  dpi: number;
  fill: number;
}

/**
 * The page's effective resolution from its quad in stream pixels: the warp keeps at least the
 * quad's own pixels along each side (`estimatePageSize`), so the delivered page has the longer
 * of its long sides over A4's long side, or of its short sides over A4's short side, whichever
 * is more; times the still's scale, capped as the page is (200 dpi is above every threshold).
 */
export function pageInView(q: NormQuad, s: StreamSize): PageInView {
  const px = q.map(([x, y]) => [x * s.width, y * s.height]);
  const side = (i: number) => Math.hypot(px[i][0] - px[(i + 1) % 4][0], px[i][1] - px[(i + 1) % 4][1]);
  const a = Math.max(side(0), side(2)), b = Math.max(side(1), side(3));
  const dpi = Math.max(Math.max(a, b) / A4_LONG_IN, Math.min(a, b) / A4_SHORT_IN) * s.stillScale;
  const xs = q.map((p) => p[0]), ys = q.map((p) => p[1]);
  const fill = Math.max(Math.max(...xs) - Math.min(...xs), Math.max(...ys) - Math.min(...ys));
  return { dpi, fill };
}

/** Moving closer would help: the page is below the legible resolution and still has room to grow in the frame. */
export function tooFar(v: PageInView): boolean {
  return v.dpi < LEGIBLE_DPI && v.fill < FILLS_FRAME;
}
