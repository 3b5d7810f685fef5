import { PAGE_REPORT_BOUNDS as B, type CaptureSource, type CornerOrigin, type Filter, type PageReport, type PageWarning } from "../contract";
import type { NormQuad, WarpedPage } from "../worker/protocol";

/** What the scanner knows about a page before it is straightened: where it came from and how its corners were found. */
export interface CaptureFacts {
  source: CaptureSource;
  /** How the corners the editor opened with were set. */
  corners: CornerOrigin;
  /** The detector's confidence in those corners (0 when it found none). */
  confidence: number;
}

/** Corners closer than this (share of the frame) count as unmoved: the editor stores what it was given. */
const SAME = 1e-6;

/** How the kept corners were set: the opening origin when the person left them alone, else `adjusted`. */
export function keptCornerOrigin(opened: CornerOrigin, openedCorners: NormQuad, kept: NormQuad): CornerOrigin {
  const moved = kept.some(([x, y], k) => Math.abs(x - openedCorners[k][0]) > SAME || Math.abs(y - openedCorners[k][1]) > SAME);
  return moved ? "adjusted" : opened;
}

/**
 * The page's quality report (scanner/contract.ts): the capture facts, the filter, and the
 * size, dpi and measures of the full-resolution page. Numbers are rounded and held inside the
 * bounds the service checks, so a measurement slip never costs the person the upload.
 */
export function buildPageReport(facts: CaptureFacts, filter: Filter, page: WarpedPage, warnings: PageWarning[]): PageReport {
  const m = page.measures;
  return {
    filter,
    source: facts.source,
    corners: facts.corners,
    confidence: unit(facts.confidence),
    width: bounded(Math.round(page.width), B.pixels),
    height: bounded(Math.round(page.height), B.pixels),
    dpi: bounded(Math.round(page.dpi), B.dpi),
    sharpness: unit(m.sharpness),
    glare: unit(m.glare),
    brightness: unit(m.brightness),
    unevenness_before: unit(m.unevenness_before),
    unevenness_after: unit(m.unevenness_after),
    warnings: [...new Set(warnings)],
  };
}

function unit(v: number): number {
  return Math.round(bounded(v, B.unit) * 1000) / 1000;
}

function bounded(v: number, { min, max }: { min: number; max: number }): number {
  return Number.isFinite(v) ? Math.min(max, Math.max(min, v)) : min;
}
