/** The slice of a 2D canvas the image operations use; OffscreenCanvas in the worker, a DOM canvas as fallback. */
export interface Surface {
  ctx: OffscreenCanvasRenderingContext2D | CanvasRenderingContext2D;
  encode(quality: number): Promise<Blob>;
  /** Frees the backing store now instead of at garbage collection (phones run out of canvas memory). */
  release(): void;
}

export type MakeSurface = (width: number, height: number) => Surface;

/** Surfaces on OffscreenCanvas (worker or main thread). */
export const offscreenSurface: MakeSurface = (w, h) => {
  const canvas = new OffscreenCanvas(w, h);
  const ctx = canvas.getContext("2d", { willReadFrequently: true });
  if (!ctx) throw new Error("no 2d context");
  return {
    ctx,
    encode: (quality) => canvas.convertToBlob({ type: "image/jpeg", quality }),
    release: () => {
      canvas.width = 0;
      canvas.height = 0;
    },
  };
};

/** Surfaces on a detached DOM canvas (main-thread fallback for browsers without OffscreenCanvas). */
export const domSurface: MakeSurface = (w, h) => {
  const canvas = document.createElement("canvas");
  canvas.width = w;
  canvas.height = h;
  const ctx = canvas.getContext("2d", { willReadFrequently: true });
  if (!ctx) throw new Error("no 2d context");
  return {
    ctx,
    encode: (quality) =>
      new Promise((resolve, reject) => canvas.toBlob((b) => (b ? resolve(b) : reject(new Error("encode failed"))), "image/jpeg", quality)),
    release: () => {
      canvas.width = 0;
      canvas.height = 0;
    },
  };
};
