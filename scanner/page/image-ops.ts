import { detect, sharpness, StabilityTracker, type Frame } from "./detect";
import { cropPage, normalise, pageDpi } from "./straighten";
import { meanLuma, type Bitmap1 } from "../pixels";
import { focusSharpness } from "../image/measure";
import { applyFilter, StraightPages } from "./filter";
import { encodePage } from "./encode";
import { encodeGreyPng } from "../encode/png-grey";
import type { MakeSurface } from "../worker/surface";
import type { EncodedImage, LiveDetection, Located, NormQuad, WarpedPage, WarpOptions } from "../worker/protocol";

/** Source captures are kept a little better: they are re-cropped when corners move. */
const SOURCE_QUALITY = 0.92;
/** Long side of the image the still detector runs on (file picker, captured photo). */
export const LOCATE_SIZE = 1024;

type Drawable = ImageBitmap;

/**
 * Everything a live tick computes from the frame's pixels (what `npm run bench:detect`
 * times as the detector's cost per live frame).
 */
export function analyseLiveFrame(frame: Frame, tracker: StabilityTracker, now: number): Omit<LiveDetection, "ms" | "focus"> {
  // One look: the extra looks at an unsure answer cost 2-3x a tick on 12 % of frames, and such
  // a frame is never auto-captured; the still they would help is searched with every look
  // (`locate`), and draftCorners prefers its answer (docs/detector.md, sixteenth round).
  const det = detect(frame, { secondLook: false });
  const state = tracker.push(det, now);
  return {
    // the tracker's smoothed corners keep the overlay from jittering
    corners: det ? normalise(state.corners ?? det.corners, frame) : null,
    confidence: det?.confidence ?? 0,
    stable: state.stable,
    progress: state.progress,
    sharpness: sharpness(frame),
    luma: meanLuma(frame),
  };
}

/** The image work of the scanner, the same in the worker and (fallback) on the main thread. */
export class ImageOps {
  private readonly tracker = new StabilityTracker();
  /** The last straightened page: previews and the final page of one draft share it. */
  private readonly straight = new StraightPages();
  constructor(private readonly surface: MakeSurface) {}

  /**
   * One live frame: page corners, stability, sharpness and brightness, and the focus of
   * `patch` (a full-resolution cut of the page) when one came. Closes the bitmaps.
   */
  detectLive(image: Drawable, patch?: Drawable): LiveDetection {
    const t0 = performance.now();
    const frame = this.pixels(image, image.width, image.height);
    const focus = patch ? focusSharpness(this.pixels(patch, patch.width, patch.height)) : null;
    return { ...analyseLiveFrame(frame, this.tracker, t0), focus, ms: performance.now() - t0 };
  }

  resetTracker(): void {
    this.tracker.reset();
  }

  /** A full-resolution capture as a JPEG (kept for re-cropping). Closes the bitmap. */
  async encodeSource(image: Drawable): Promise<EncodedImage> {
    const { width, height } = image;
    const s = this.surface(width, height);
    try {
      s.ctx.drawImage(image, 0, 0);
      image.close();
      return { blob: await s.encode(SOURCE_QUALITY), width, height };
    } finally {
      s.release();
    }
  }

  /** Corners of the page in a still photo, or null. */
  async locate(blob: Blob): Promise<Located | null> {
    const probe = await createImageBitmap(blob);
    const k = Math.min(1, LOCATE_SIZE / Math.max(probe.width, probe.height));
    const w = Math.round(probe.width * k), h = Math.round(probe.height * k);
    const frame = this.pixels(probe, w, h);
    const det = detect(frame);
    return det ? { corners: normalise(det.corners, frame), confidence: det.confidence } : null;
  }

  /**
   * Straightens the quad at full resolution, measures it, applies the filter and encodes
   * it for the PDF. With `maxSide` the filtered page is scaled down first: a preview that
   * costs the filter a fraction of the full page's time, with the same measures.
   */
  async warp(blob: Blob, corners: NormQuad, options: WarpOptions): Promise<WarpedPage> {
    const t0 = performance.now();
    const { page: straight, measures } = await this.straight.get(blob, corners, async () => {
      const image = await createImageBitmap(blob);
      return cropPage(this.pixels(image, image.width, image.height), corners);
    });
    const page = options.maxSide ? await this.scaled(straight, options.maxSide) : copyFrame(straight);
    const t1 = performance.now();
    const dpi = pageDpi(straight.width, straight.height);
    const filtered = applyFilter(page, options.filter, { dpi, enlarge: !options.maxSide });
    const t2 = performance.now();
    const encoded = options.maxSide && "bits" in filtered.image
      ? { blob: await this.encodeRgb(filtered.preview(), 0.8), format: "jpeg" as const }
      : await encodePage(options.filter, filtered.image, (f, q) => this.encodeRgb(f, q), { enlarged: filtered.enlarged });
    // Read at the delivered page's size (enlarged below LOW_RES), so word boxes and page agree.
    const ocrImage = options.ocrImage && !options.maxSide ? await this.ocrImage(filtered.image) : undefined;
    return {
      ...encoded, ...(ocrImage ? { ocrImage } : {}), width: filtered.image.width, height: filtered.image.height, dpi,
      measures: { ...measures, unevenness_after: filtered.unevenness },
      ms: { straighten: t1 - t0, filter: t2 - t1, encode: performance.now() - t2 },
    };
  }

  private async encodeRgb(page: Frame, quality: number): Promise<Blob> {
    const s = this.surface(page.width, page.height);
    try {
      s.ctx.putImageData(new ImageData(page.data as Uint8ClampedArray<ArrayBuffer>, page.width, page.height), 0, 0);
      return await s.encode(quality);
    } finally {
      s.release();
    }
  }

  /** The page scaled to `maxSide` on its long side by the browser's own high-quality resampler. */
  private async scaled(page: Frame, maxSide: number): Promise<Frame> {
    const k = Math.min(1, maxSide / Math.max(page.width, page.height));
    if (k === 1) return copyFrame(page);
    const w = Math.max(1, Math.round(page.width * k)), h = Math.max(1, Math.round(page.height * k));
    const source = new ImageData(new Uint8ClampedArray(page.data), page.width, page.height);
    const bitmap = await createImageBitmap(source, { resizeWidth: w, resizeHeight: h, resizeQuality: "high" });
    return this.pixels(bitmap, w, h);
  }

  /**
   * What recognition reads of a filtered page: its grey PNG at the page's own size, so the
   * words' boxes are the page's pixels for the text layer; a `bw` page's own 1-bit PNG is read
   * as it is (none here). A failure costs only the better image, never the page.
   */
  private async ocrImage(image: Frame | Bitmap1): Promise<Blob | undefined> {
    if ("bits" in image) return undefined;
    try {
      return new Blob([(await encodeGreyPng(image)) as Uint8Array<ArrayBuffer>], { type: "image/png" });
    } catch {
      return undefined;
    }
  }

  /** RGBA pixels of the image scaled to w×h; closes the bitmap and frees the canvas. */
  private pixels(image: Drawable, w: number, h: number): Frame {
    const s = this.surface(w, h);
    try {
      s.ctx.drawImage(image, 0, 0, w, h);
      const data = s.ctx.getImageData(0, 0, w, h);
      return { data: data.data, width: w, height: h };
    } finally {
      image.close();
      s.release();
    }
  }
}

function copyFrame(f: Frame): Frame {
  return { data: new Uint8ClampedArray(f.data), width: f.width, height: f.height };
}
