// Runs in a Web Worker (bundled by bench/detector/live-worker.ts): the scanner's live tick on each frame
// it is sent, as the scanner's worker runs it (scanner/page/image-ops.ts): its answer and its time.
import { StabilityTracker } from "../../scanner/detector/index";
import { analyseLiveFrame } from "../../scanner/page/image-ops";

interface Batch { frames: { data: ArrayBuffer; width: number; height: number }[]; repeats: number }

self.onmessage = (event: MessageEvent<Batch>) => {
  const { frames, repeats } = event.data;
  const ticks = frames.map(({ data, width, height }) => {
    const frame = { data: new Uint8ClampedArray(data), width, height };
    const times: number[] = [];
    let tick = analyseLiveFrame(frame, new StabilityTracker(), 0);
    for (let r = 0; r < repeats; r++) {
      const t0 = performance.now();
      tick = analyseLiveFrame(frame, new StabilityTracker(), t0);
      times.push(performance.now() - t0);
    }
    return { corners: tick.corners, confidence: tick.confidence, ms: times.sort((a, b) => a - b)[times.length >> 1] };
  });
  self.postMessage(ticks);
};
