import { create } from "qrcode";

/** Quiet zone around the symbol, in modules (the QR standard asks for 4). */
const QUIET = 4;

/**
 * An SVG QR code for `text`: one path of horizontal runs of dark modules (`M x y h n v1 h -n z`),
 * one unit per module, on a white background, scaled by the viewer. Error correction M.
 */
export function renderQrSvg(text: string): string {
  const { modules } = create(text, { errorCorrectionLevel: "M" });
  const size = modules.size + QUIET * 2;
  const runs: string[] = [];
  for (let row = 0; row < modules.size; row++) {
    let col = 0;
    while (col < modules.size) {
      if (!modules.get(row, col)) {
        col++;
        continue;
      }
      const start = col;
      while (col < modules.size && modules.get(row, col)) col++;
      runs.push(`M${start + QUIET} ${row + QUIET}h${col - start}v1h-${col - start}z`);
    }
  }
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${size} ${size}" width="${size * 8}" height="${size * 8}" shape-rendering="crispEdges">`,
    `<rect width="${size}" height="${size}" fill="#ffffff"/>`,
    `<path fill="#000000" d="${runs.join("")}"/>`,
    `</svg>`,
  ].join("");
}
