/// <reference lib="webworker" />
import { ImageOps } from "../page/image-ops";
import { offscreenSurface } from "./surface";
import type { WorkerReply, WorkerRequest } from "./protocol";

/** Detection, cropping and encoding off the main thread, so the preview never stutters. */
const ops = new ImageOps(offscreenSurface);
const scope = self as unknown as DedicatedWorkerGlobalScope;

async function handle(req: WorkerRequest): Promise<unknown> {
  switch (req.op) {
    case "warmup": {
      // One detect on a page-like frame at the live size compiles the whole search (a blank
      // frame stops at the edge map) while the camera is still starting, instead of on the
      // first real frame, where it delayed the first outline.
      ops.detectLive(await createImageBitmap(warmupFrame()));
      ops.resetTracker();
      return typeof OffscreenCanvas !== "undefined";
    }
    case "detect": return ops.detectLive(req.image, req.patch);
    case "reset": return ops.resetTracker();
    case "encode": return ops.encodeSource(req.image);
    case "locate": return ops.locate(req.blob);
    case "warp": return ops.warp(req.blob, req.corners, req.options);
  }
}

/** A light page, slightly turned, on a dark desk, at the live frames' size (360 px long side). */
function warmupFrame(): ImageData {
  const w = 360, h = 270, img = new ImageData(w, h);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const u = x - w / 2 + (y - h / 2) * 0.1, v = y - h / 2 - (x - w / 2) * 0.1;
      const paper = Math.abs(u) < 90 && Math.abs(v) < 110;
      const i = (y * w + x) * 4;
      img.data[i] = img.data[i + 1] = img.data[i + 2] = paper ? 235 : 60;
      img.data[i + 3] = 255;
    }
  }
  return img;
}

scope.onmessage = async (event: MessageEvent<WorkerRequest>) => {
  const req = event.data;
  let reply: WorkerReply;
  try {
    reply = { id: req.id, ok: true, value: await handle(req) };
  } catch (err) {
    reply = { id: req.id, ok: false, error: err instanceof Error ? err.message : String(err) };
  }
  scope.postMessage(reply);
};
