import { describe, expect, it } from "vitest";
import { cornersInStill, photoWins } from "@/scanner/camera/take-still";
import type { NormQuad } from "@/scanner/worker/protocol";

const quad: NormQuad = [[0.2, 0.1], [0.8, 0.15], [0.75, 0.9], [0.25, 0.85]];
const close = (a: NormQuad, b: number[][]) => a.forEach(([x, y], k) => {
  expect(x).toBeCloseTo(b[k][0], 6);
  expect(y).toBeCloseTo(b[k][1], 6);
});

describe("the capture still", () => {
  it("a photo replaces the video frame only when larger and of the same orientation", () => {
    expect(photoWins({ width: 4032, height: 3024 }, { width: 1920, height: 1080 })).toBe(true);
    expect(photoWins({ width: 1920, height: 1080 }, { width: 1920, height: 1080 })).toBe(false);
    expect(photoWins({ width: 1280, height: 720 }, { width: 1920, height: 1080 })).toBe(false);
    expect(photoWins({ width: 3024, height: 4032 }, { width: 1920, height: 1080 })).toBe(false);
    expect(photoWins({ width: 3024, height: 4032 }, { width: 1080, height: 1920 })).toBe(true);
  });

  it("corners carry over unchanged when the aspect ratios match", () => {
    expect(cornersInStill(quad, { width: 1920, height: 1080 }, { width: 3840, height: 2160 })).toBe(quad);
  });

  it("16:9 video from a 4:3 sensor: the frame is the still's centred full-width band", () => {
    // a 4032×3024 still; the 1920×1080 frame covers its width and 4032·9/16 = 2268 of its 3024 rows
    const k = 2268 / 3024;
    close(cornersInStill(quad, { width: 1920, height: 1080 }, { width: 4032, height: 3024 }),
      quad.map(([x, y]) => [x, 0.5 + (y - 0.5) * k]));
    // portrait: the frame covers the still's full height and a centred band of its width
    close(cornersInStill(quad, { width: 1080, height: 1920 }, { width: 3024, height: 4032 }),
      quad.map(([x, y]) => [0.5 + (x - 0.5) * k, y]));
    // the frame's centre and edges land where a centred crop puts them
    const edges: NormQuad = [[0, 0], [1, 0], [1, 1], [0, 1]];
    close(cornersInStill(edges, { width: 1920, height: 1080 }, { width: 4032, height: 3024 }),
      [[0, 0.125], [1, 0.125], [1, 0.875], [0, 0.875]]);
  });
});
