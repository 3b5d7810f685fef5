import { describe, expect, it } from "vitest";
import { estimatePageSize, warpPerspective, type Frame, type Quad } from "../../../scanner/detector/index";
import { pageBoxFor } from "../../../scanner/pdf/page-size";
import { homographyFrom, project } from "../../../scanner/detector/homography";
import { realAspect } from "../../../scanner/detector/page-size";
import { marksFor, renderScene } from "./synthetic";

// A page of the given size seen by a pinhole camera (focal f, centre of a W x H frame),
// tilted about the x axis and turned in-plane: its true projected corners.
function photographed(page: [number, number], tiltDeg: number, turnDeg: number, W = 800, H = 600, f = 700): Quad {
  const t = (tiltDeg * Math.PI) / 180, r = (turnDeg * Math.PI) / 180, s = 1.6;
  const local = [[-1, -1], [1, -1], [1, 1], [-1, 1]].map(([a, b]) => [(a * page[0]) / 2 * s, (b * page[1]) / 2 * s]);
  return local.map(([x0, y0]) => {
    const x = x0 * Math.cos(r) - y0 * Math.sin(r), y1 = x0 * Math.sin(r) + y0 * Math.cos(r);
    const y = y1 * Math.cos(t), z = 900 + y1 * Math.sin(t);
    return [W / 2 + (f * x) / z, H / 2 + (f * y) / z];
  }) as Quad;
}

describe("estimatePageSize", () => {
  it("recovers A4's aspect from a steeply tilted, turned page, which the PDF step snaps to A4", () => {
    const est = estimatePageSize(photographed([210, 297], 30, 12), 800, 600);
    expect(est.height / est.width).toBeCloseTo(Math.SQRT2, 1);
    expect(pageBoxFor(est.width, est.height).format).toBe("a4");
  });

  it("recovers Letter in landscape", () => {
    const est = estimatePageSize(photographed([279.4, 215.9], 25, -8), 800, 600);
    expect(est.width / est.height).toBeCloseTo(11 / 8.5, 1);
    expect(pageBoxFor(est.width, est.height).format).toBe("letter");
  });

  it("measures a receipt's own aspect ratio, which stays custom", () => {
    const est = estimatePageSize(photographed([80, 240], 28, 5), 800, 600);
    expect(pageBoxFor(est.width, est.height).format).toBe("custom");
    expect(est.height / est.width).toBeGreaterThan(3 * 0.95);
    expect(est.height / est.width).toBeLessThan(3 * 1.05);
  });
});

describe("realAspect", () => {
  it("is long over short side of the real page, whichever way it lies and is walked", () => {
    const a4 = photographed([210, 297], 30, 12), letter = photographed([279.4, 215.9], 25, -8);
    expect(realAspect(a4, 800, 600)).toBeCloseTo(Math.SQRT2, 1);
    expect(realAspect([a4[0], a4[3], a4[2], a4[1]], 800, 600)).toBeCloseTo(Math.SQRT2, 1);
    expect(realAspect(letter, 800, 600)).toBeCloseTo(11 / 8.5, 1);
  });
});

describe("warpPerspective", () => {
  it("turns a photographed page upright with its marks where they were printed", () => {
    const page: [number, number] = [210, 297];
    const corners = photographed(page, 25, 20, 640, 480, 600);
    const frame = renderScene({ width: 640, height: 480, corners, page, background: "dark" });
    const size = estimatePageSize(corners, 640, 480);
    const flat = warpPerspective(frame, corners, size.width, size.height);
    expect(flat.width).toBe(size.width);
    const sx = flat.width / page[0], sy = flat.height / page[1];
    for (const [mx, my] of marksFor(page)) expect(lum(flat, mx * sx, my * sy)).toBeLessThan(80);
    expect(lum(flat, 0.5 * flat.width, 0.3 * flat.height)).toBeGreaterThan(200);
    expect(lum(flat, 0.05 * flat.width, 0.95 * flat.height)).toBeGreaterThan(200);
  });

  it("maps the quad's corners to the output's corners", () => {
    const q: Quad = [[10, 20], [200, 30], [190, 260], [5, 240]];
    const H = homographyFrom([[0, 0], [100, 0], [100, 140], [0, 140]], q)!;
    q.forEach((p, i) => {
      const [x, y] = project(H, [0, 100, 100, 0][i], [0, 0, 140, 140][i]);
      expect(x).toBeCloseTo(p[0], 6);
      expect(y).toBeCloseTo(p[1], 6);
    });
  });
});

function lum(f: Frame, x: number, y: number): number {
  const i = (Math.round(y) * f.width + Math.round(x)) * 4;
  return 0.299 * f.data[i] + 0.587 * f.data[i + 1] + 0.114 * f.data[i + 2];
}
