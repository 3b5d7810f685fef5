/** Reads a QR code from a PNG screenshot, as a phone camera would. */
import jsQR from "jsqr";
import { PNG } from "pngjs";

export function decodeQrPng(png: Buffer): string {
  const image = PNG.sync.read(png);
  const code = jsQR(new Uint8ClampedArray(image.data.buffer, image.data.byteOffset, image.data.length), image.width, image.height);
  if (!code) throw new Error(`no QR code found in a ${image.width}x${image.height} screenshot`);
  return code.data;
}
