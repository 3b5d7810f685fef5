import { describe, expect, it } from "vitest";
import { focusPatchRect, FOCUS_PATCH } from "@/scanner/camera/grab-frame";
import { FILLS_FRAME, pageInView, tooFar } from "@/scanner/capture/page-in-view";
import { LEGIBLE_DPI } from "@/scanner/contract";
import type { NormQuad } from "@/scanner/worker/protocol";

/** An upright A4 page whose width is `share` of a portrait frame's width, centred. */
function a4(share: number, w: number, h: number): NormQuad {
  const pw = share, ph = (share * w * Math.SQRT2) / h;
  const x0 = 0.5 - pw / 2, y0 = 0.5 - ph / 2;
  return [[x0, y0], [x0 + pw, y0], [x0 + pw, y0 + ph], [x0, y0 + ph]];
}

describe("the page's effective resolution in the live stream", () => {
  it("an A4 page 90 % of the frame's width: 720p 78 dpi, 1080p 118, 4K 235 (dpi = pixels across / 8.27 in)", () => {
    expect(pageInView(a4(0.9, 720, 1280), { width: 720, height: 1280, stillScale: 1 }).dpi).toBeCloseTo(648 / 8.268, 0);
    expect(pageInView(a4(0.9, 1080, 1920), { width: 1080, height: 1920, stillScale: 1 }).dpi).toBeCloseTo(972 / 8.268, 0);
    expect(pageInView(a4(0.9, 2160, 3840), { width: 2160, height: 3840, stillScale: 1 }).dpi).toBeCloseTo(1944 / 8.268, 0);
  });

  it("a larger photo raises it by the still's scale; the frame share is the page's box on its fuller axis", () => {
    const q = a4(0.5, 1080, 1920);
    const v = pageInView(q, { width: 1080, height: 1920, stillScale: 2.1 });
    expect(v.dpi).toBeCloseTo((540 / 8.268) * 2.1, 0);
    expect(v.fill).toBeCloseTo(0.5, 6);
    expect(pageInView(a4(0.7, 1080, 1920), { width: 1080, height: 1920, stillScale: 1 }).fill).toBeCloseTo(0.7, 6);
  });

  it("a tilted page counts the longer of each pair of opposite sides, as the warp keeps them; the longer pair is the page's long side", () => {
    // sides 400 and 800 across, 632 down: 800 px over A4's 11.69 in, or 632 px over its 8.27 in
    const trapezoid: NormQuad = [[0.3, 0.2], [0.7, 0.2], [0.9, 0.8], [0.1, 0.8]];
    const v = pageInView(trapezoid, { width: 1000, height: 1000, stillScale: 1 });
    expect(v.dpi).toBeCloseTo(Math.max(800 / 11.693, Math.hypot(200, 600) / 8.268), 1);
  });

  it("too far: below the legible resolution with room to come closer; filling the frame, the camera is the limit", () => {
    expect(tooFar({ dpi: LEGIBLE_DPI - 1, fill: FILLS_FRAME - 0.01 })).toBe(true);
    expect(tooFar({ dpi: LEGIBLE_DPI, fill: 0.3 })).toBe(false);
    expect(tooFar({ dpi: 60, fill: FILLS_FRAME })).toBe(false);
  });
});

describe("the focus patch", () => {
  it("is a square at the page's centre, half its shorter side, at most FOCUS_PATCH, inside the frame", () => {
    const q: NormQuad = [[0.1, 0.1], [0.9, 0.1], [0.9, 0.9], [0.1, 0.9]];
    expect(focusPatchRect(q, 3840, 2160)).toEqual({ x: 1920 - FOCUS_PATCH / 2, y: 1080 - FOCUS_PATCH / 2, width: FOCUS_PATCH, height: FOCUS_PATCH });
    // a small page: half of its 400-px shorter side
    const small: NormQuad = [[0.3, 0.2], [0.7, 0.2], [0.7, 0.8], [0.3, 0.8]];
    expect(focusPatchRect(small, 1000, 1000)).toEqual({ x: 400, y: 400, width: 200, height: 200 });
    // a page at the frame's corner: the patch stays inside
    const corner: NormQuad = [[0.6, 0.6], [1, 0.6], [1, 1], [0.6, 1]];
    const r = focusPatchRect(corner, 1000, 1000)!;
    expect(r.x + r.width).toBeLessThanOrEqual(1000);
    expect(r.y + r.height).toBeLessThanOrEqual(1000);
    // a speck is not judged
    expect(focusPatchRect([[0.5, 0.5], [0.51, 0.5], [0.51, 0.51], [0.5, 0.51]], 1280, 720)).toBeNull();
  });
});
