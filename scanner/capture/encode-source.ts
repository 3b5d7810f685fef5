import { domSurface } from "../worker/surface";
import type { ScanEngine } from "../worker/client";
import type { EncodedImage } from "../worker/protocol";

/**
 * Turns a full-resolution capture into the JPEG kept for the page: in the
 * worker once the detector has loaded, otherwise on the main thread, so the
 * shutter works before the detector is ready.
 */
export async function encodeSource(engine: ScanEngine, frame: ImageBitmap, engineReady: boolean): Promise<EncodedImage> {
  if (engineReady) return engine.encode(frame);
  const { width, height } = frame;
  const s = domSurface(width, height);
  try {
    s.ctx.drawImage(frame, 0, 0);
    frame.close();
    return { blob: await s.encode(0.92), width, height };
  } finally {
    s.release();
  }
}

/** The size of an image file, honouring its EXIF orientation. */
export async function imageSize(blob: Blob): Promise<{ width: number; height: number }> {
  const b = await createImageBitmap(blob);
  const size = { width: b.width, height: b.height };
  b.close();
  return size;
}
