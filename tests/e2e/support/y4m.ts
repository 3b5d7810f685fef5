import { writeFileSync } from "node:fs";

/**
 * Writes RGBA pixels as a Y4M video (4:2:0, BT.601 full range) that Chromium's
 * fake camera (`--use-file-for-fake-video-capture`) plays in a loop.
 */
export function writeY4m(file: string, img: { width: number; height: number; data: Uint8Array | Uint8ClampedArray }, frames = 2): void {
  const { width: w, height: h, data } = img;
  const Y = Buffer.alloc(w * h), U = Buffer.alloc((w / 2) * (h / 2)), V = Buffer.alloc((w / 2) * (h / 2));
  for (let i = 0; i < w * h; i++) {
    const r = data[i * 4], g = data[i * 4 + 1], b = data[i * 4 + 2];
    Y[i] = clamp(0.299 * r + 0.587 * g + 0.114 * b);
  }
  for (let y = 0; y < h / 2; y++) {
    for (let x = 0; x < w / 2; x++) {
      const i = (2 * y * w + 2 * x) * 4;
      const r = data[i], g = data[i + 1], b = data[i + 2];
      U[y * (w / 2) + x] = clamp(128 - 0.168736 * r - 0.331264 * g + 0.5 * b);
      V[y * (w / 2) + x] = clamp(128 + 0.5 * r - 0.418688 * g - 0.081312 * b);
    }
  }
  const frame = Buffer.concat([Buffer.from("FRAME\n"), Y, U, V]);
  const header = Buffer.from(`YUV4MPEG2 W${w} H${h} F30:1 Ip A1:1 C420jpeg XYSCSS=420JPEG\n`);
  writeFileSync(file, Buffer.concat([header, ...Array(frames).fill(frame)]));
}

function clamp(v: number): number {
  return Math.max(0, Math.min(255, Math.round(v)));
}
