import { describe, expect, it } from "vitest";
import { documentFilter } from "@/scanner/image/document-filter";
import { unevenness } from "@/scanner/image/measure";
import { chromaHue, copyFrame, idealPage, isStroke, meanRgb, renderPage, type PageSpec, type Rect } from "./synthetic-page";

const W = 480, H = 640;
const RED: Rect = { x: 280, y: 80, w: 110, h: 70 };
const BLUE: Rect = { x: 40, y: 250, w: 400, h: 3 };
const PHOTO: Rect = { x: 50, y: 380, w: 200, h: 150 };
const WARM: [number, number, number] = [1, 0.85, 0.6];

function filtered(spec: PageSpec, grey = false) {
  const page = renderPage(spec);
  const out = copyFrame(page);
  documentFilter(out, { grey });
  return { page, out };
}

const paperOnly = (x: number, y: number) => !isStroke(x, y);

describe("documentFilter", () => {
  it("evens a page lit from one side", () => {
    const { page, out } = filtered({ width: W, height: H, light: [0.5, 1] });
    expect(unevenness(page)).toBeGreaterThan(0.3);
    expect(unevenness(out)).toBeLessThanOrEqual(0.05);
  });

  it("removes a colour cast: the paper comes out white and neutral", () => {
    const { out } = filtered({ width: W, height: H, cast: WARM, light: [0.7, 0.9] });
    for (const r of [{ x: 30, y: 40, w: 400, h: 40 }, { x: 30, y: 500, w: 400, h: 100 }]) {
      const [R, G, B] = meanRgb(out, r, paperOnly);
      expect(Math.min(R, G, B)).toBeGreaterThanOrEqual(250);
      expect(Math.max(R, G, B) - Math.min(R, G, B)).toBeLessThanOrEqual(3);
    }
  });

  it("turns ink near black", () => {
    const { out } = filtered({ width: W, height: H, cast: WARM, light: [0.6, 1] });
    // stroke cores: the 3-px stems' middle column
    const [R, G, B] = meanRgb(out, { x: 25, y: 22, w: 1, h: 14 });
    expect(Math.max(R, G, B)).toBeLessThan(60);
  });

  it("keeps a red patch and a blue line in their colour under a warm cast", () => {
    const spec: PageSpec = { width: W, height: H, red: RED, blueLine: BLUE, cast: WARM, light: [0.6, 1] };
    const { out } = filtered(spec);
    const ideal = idealPage(spec);
    for (const r of [RED, BLUE]) {
      const got = chromaHue(meanRgb(out, r)), want = chromaHue(meanRgb(ideal, r));
      const dh = Math.abs(((got.hue - want.hue + 540) % 360) - 180);
      expect(dh).toBeLessThanOrEqual(10);
      expect(got.chroma).toBeGreaterThanOrEqual(0.7 * want.chroma);
    }
  });

  it("keeps a photo block a photo: not flattened to white, its contrast kept", () => {
    const spec: PageSpec = { width: W, height: H, photo: PHOTO, cast: WARM, light: [0.55, 1] };
    const { out } = filtered(spec);
    const ideal = idealPage(spec);
    const luma = (c: number[]) => 0.299 * c[0] + 0.587 * c[1] + 0.114 * c[2];
    const inner = { x: PHOTO.x + 10, y: PHOTO.y + 10, w: PHOTO.w - 20, h: PHOTO.h - 20 };
    expect(luma(meanRgb(out, inner))).toBeLessThan(1.3 * luma(meanRgb(ideal, inner)));
    expect(luma(meanRgb(out, inner))).toBeGreaterThan(0.7 * luma(meanRgb(ideal, inner)));
    // the pattern's bright and dark parts stay apart
    const spread = (f: typeof out) => luma(meanRgb(f, { x: 110, y: 440, w: 8, h: 8 })) - luma(meanRgb(f, { x: 130, y: 440, w: 8, h: 8 }));
    expect(Math.abs(spread(out))).toBeGreaterThan(0.6 * Math.abs(spread(ideal)));
  });

  it("keeps a photo's pale sky pale blue, not paper white, and the paper beside it white", () => {
    // The sky is lighter than 80 % of the paper in every channel and reaches the paper at the
    // photo's top edge: only its colour tells it from paper.
    const spec: PageSpec = { width: W, height: H, photo: PHOTO, sky: 50, cast: WARM, light: [0.8, 1] };
    const { out } = filtered(spec);
    const ideal = idealPage(spec);
    const sky = { x: PHOTO.x + 10, y: PHOTO.y + 10, w: PHOTO.w - 20, h: 30 };
    // the ideal page's sky with its paper made white, as the filter makes it
    const want = meanRgb(ideal, sky).map((v) => (255 * v) / (255 * 0.9)) as [number, number, number];
    const got = meanRgb(out, sky);
    // not white, still blue: a photo's curve lifts it a little (and clips its blue), so no hue test
    expect(Math.min(...got)).toBeLessThan(240);
    expect(got[2] - got[0]).toBeGreaterThan(0.5 * (want[2] - want[0]));
    expect(chromaHue(got).chroma).toBeGreaterThan(0.5 * chromaHue(want).chroma);
    const beside = { x: PHOTO.x + PHOTO.w + 20, y: PHOTO.y - 60, w: 150, h: 200 };
    expect(Math.min(...meanRgb(out, beside, paperOnly))).toBeGreaterThanOrEqual(250);
  });

  it("leaves no grey band where the light falls off at the bottom edge", () => {
    const { page, out } = filtered({ width: W, height: H, shadedBand: { rows: 100, depth: 0.45 } });
    const band = { x: 20, y: H - 30, w: W - 40, h: 30 };
    expect(Math.min(...meanRgb(page, band, paperOnly))).toBeLessThan(140);
    expect(Math.min(...meanRgb(out, band, paperOnly))).toBeGreaterThanOrEqual(245);
  });

  it("whitens the paper under a hard-edged shadow and still keeps a photo", () => {
    const spec: PageSpec = { width: W, height: H, photo: PHOTO, cast: WARM, hardShadow: { x0: 300, x1: 380, depth: 0.5 } };
    const { page, out } = filtered(spec);
    const shade = { x: 310, y: 60, w: 60, h: 300 };
    expect(Math.min(...meanRgb(page, shade, paperOnly))).toBeLessThan(110);
    expect(Math.min(...meanRgb(out, shade, paperOnly))).toBeGreaterThanOrEqual(245);
    const inner = { x: PHOTO.x + 10, y: PHOTO.y + 10, w: PHOTO.w - 20, h: PHOTO.h - 20 };
    const luma = (c: number[]) => 0.299 * c[0] + 0.587 * c[1] + 0.114 * c[2];
    expect(luma(meanRgb(out, inner))).toBeLessThan(1.3 * luma(meanRgb(idealPage(spec), inner)));
  });

  it("with grey, every pixel is neutral", () => {
    const { out } = filtered({ width: W, height: H, red: RED, cast: WARM }, true);
    for (let i = 0; i < out.data.length; i += 4) {
      if (out.data[i] !== out.data[i + 1] || out.data[i] !== out.data[i + 2]) throw new Error(`pixel ${i / 4} not grey`);
    }
  });
});
