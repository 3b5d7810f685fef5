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
      // One detect on a blank frame compiles the hot paths before the first real frame.
      const blank = await createImageBitmap(new ImageData(64, 48));
      ops.detectLive(blank);
      ops.resetTracker();
      return typeof OffscreenCanvas !== "undefined";
    }
    case "detect": return ops.detectLive(req.image);
    case "reset": return ops.resetTracker();
    case "encode": return ops.encodeSource(req.image);
    case "locate": return ops.locate(req.blob);
    case "warp": return ops.warp(req.blob, req.corners, req.options);
  }
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
