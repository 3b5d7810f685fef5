import { detect, sharpness, StabilityTracker, type Frame } from "./engine";
import { cropPage, normalise } from "./crop";
import { enhanceDocument, meanLuma, toGrayscale } from "../capture/filters";
import type { MakeSurface } from "./surface";
import type { EncodedImage, LiveDetection, Located, NormQuad, WarpOptions } from "./protocol";

/**
 * JPEG qualities tried in turn until a corrected page fits the budget (in Chromium at
 * 200 dpi: a sparse form page fits at 0.8, a 36-line text page only at 0.3; docs/scanner.md).
 */
const PAGE_QUALITY = [0.8, 0.65, 0.5, 0.4, 0.3];
export const PAGE_BUDGET_BYTES = 300 * 1024;
/** Source captures are kept a little better: they are re-cropped when corners move. */
const SOURCE_QUALITY = 0.92;
/** Long side of the image the still detector runs on (file picker, captured photo). */
export const LOCATE_SIZE = 1024;

type Drawable = ImageBitmap;

/**
 * Everything a live tick computes from the frame's pixels (what `npm run bench:detect`
 * times as the detector's cost per live frame).
 */
export function analyseLiveFrame(frame: Frame, tracker: StabilityTracker, now: number): Omit<LiveDetection, "ms"> {
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
  constructor(private readonly surface: MakeSurface) {}

  /** One live frame: page corners, stability, sharpness and brightness. Closes the bitmap. */
  detectLive(image: Drawable): LiveDetection {
    const t0 = performance.now();
    const frame = this.pixels(image, image.width, image.height);
    return { ...analyseLiveFrame(frame, this.tracker, t0), ms: performance.now() - t0 };
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

  /** Crops and straightens the quad at full resolution, applies filters, encodes within the page budget. */
  async warp(blob: Blob, corners: NormQuad, options: WarpOptions): Promise<EncodedImage> {
    const image = await createImageBitmap(blob);
    const src = this.pixels(image, image.width, image.height);
    const page = cropPage(src, corners);
    if (options.grayscale) toGrayscale(page);
    if (options.enhance) enhanceDocument(page);
    return { ...(await this.encodePage(page)), width: page.width, height: page.height };
  }

  private async encodePage(page: Frame): Promise<{ blob: Blob }> {
    const s = this.surface(page.width, page.height);
    try {
      s.ctx.putImageData(new ImageData(page.data as Uint8ClampedArray<ArrayBuffer>, page.width, page.height), 0, 0);
      let blob = await s.encode(PAGE_QUALITY[0]);
      for (const q of PAGE_QUALITY.slice(1)) {
        if (blob.size <= PAGE_BUDGET_BYTES) break;
        blob = await s.encode(q);
      }
      return { blob };
    } finally {
      s.release();
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
