import type { DetectOptions, Detection, Frame, Point } from "./types";
import { downscale, type Planes } from "./downscale";
import { colourGradient } from "./gradient";
import { thinEdges } from "./edges";
import { houghLines, nearDuplicate } from "./hough";
import { fitLineToEdges } from "./line-fit";
import { profileLine } from "./line-support";
import { searchQuads, type Candidate } from "./quad-search";
import { intersect, isConvex, orderCorners, type Line } from "./geometry";
import { refineSide } from "./refine";
import { preferEnclosing, rerank } from "./rerank";
import { confidenceFrom, gatherEvidence, type Evidence } from "./confidence";
import { SECOND_LOOK_VOTES, coarserLookSize, secondLookSize } from "./second-look";
import { chooseLook } from "./choose-look";
import { boundaryLookup } from "./boundary-model";

/** Long side of the first look's search frame (`DetectOptions.workingSize`'s default). */
export const WORKING_SIZE = 320;
const DEFAULTS = { workingSize: WORKING_SIZE, refine: true, secondLook: true, minConfidence: 0.02 };
const MAX_LINES = 28;
const BORDER_SUPPORT = 0.5;
const SHORTLIST = 60;

type Found = { detection: Detection; evidence: Evidence };

/**
 * Finds the page's four corners in an RGBA frame, or null when nothing
 * page-like is there. Pure: runs the same in a Web Worker and in Node.
 */
export function detect(frame: Frame, options: DetectOptions = {}): Detection | null {
  return detectWithEvidence(frame, options)?.detection ?? null;
}

/** `detect`, plus the evidence its confidence is computed from (for fitting the confidence model). */
export function detectWithEvidence(frame: Frame, options: DetectOptions = {}): { detection: Detection | null; evidence: Evidence } | null {
  const opt = { ...DEFAULTS, ...options };
  let found = lookAt(frame, opt.workingSize, opt.refine);
  const finerSize = opt.secondLook ? secondLookSize(found?.detection.confidence ?? 0, opt.workingSize, frame) : null;
  if (finerSize) {
    // Confidence is a calibrated probability, so the answers compare; a coarser look too lets two sizes agree.
    const looks = [found, lookAt(frame, finerSize, opt.refine, SECOND_LOOK_VOTES), lookAt(frame, coarserLookSize(opt.workingSize), opt.refine, SECOND_LOOK_VOTES)];
    found = chooseLook(looks.filter((l): l is Found => l !== null), Math.hypot(frame.width, frame.height));
  }
  if (!found) return null;
  return found.detection.confidence < opt.minConfidence ? { detection: null, evidence: found.evidence } : found;
}

/** One search at one working size: the best quad, refined on the full frame, and its confidence. */
function lookAt(frame: Frame, workingSize: number, refine: boolean, voteShare = 1): Found | null {
  const planes = downscale(frame, workingSize);
  const ranked = searchCandidates(planes, voteShare);
  const best = preferEnclosing(ranked);
  if (!best) return null;
  const lines = toFrameLines(best, planes, frame);
  const coarse = cornersOf(lines);
  if (refine) refineLines(frame, best, lines, planes.sx);
  // A refinement that breaks convexity is noise: keep the coarse corners.
  const corners = cornersOf(lines) ?? coarse;
  if (!corners) return null;
  const evidence = gatherEvidence(best, ranked, planes, coarse ?? corners, corners, Math.hypot(frame.width, frame.height));
  // Inside, a pixel's centre is at its index; callers get pixel i covering [i, i+1).
  const quad = orderCorners(corners.map(([x, y]) => [x + 0.5, y + 0.5]));
  return { detection: { corners: quad, confidence: confidenceFrom(evidence) }, evidence };
}

/** The shortlist of page quads in a downscaled frame, best first; `voteShare` scales the Hough vote floor. */
export function searchCandidates(planes: Planes, voteShare = 1): Candidate[] {
  const g = colourGradient(planes);
  const e = thinEdges(g);
  const { width: w, height: h } = planes;
  const minVotes = voteShare * Math.max(10, 0.05 * Math.min(w, h));
  const lines: Line[] = [];
  for (const l of houghLines(g, e, MAX_LINES, minVotes)) {
    const fit = fitLineToEdges(l, g, e);
    if (!lines.some((o) => nearDuplicate(o, fit))) lines.push(fit);
  }
  const pageEdge = boundaryLookup(planes, g);
  const profiles = lines.map((l) => profileLine(l, g, e, pageEdge));
  profiles.push(...borderLines(w, h).map((l) => profileLine(l, g, e, pageEdge, true)));
  const found = searchQuads(profiles, { width: w, height: h, borderSupport: BORDER_SUPPORT, minAreaFrac: 0.03 }, SHORTLIST);
  return rerank(found, planes, e);
}

function borderLines(w: number, h: number): Line[] {
  return [
    { theta: 0, rho: 0 }, { theta: 0, rho: w - 1 },
    { theta: Math.PI / 2, rho: 0 }, { theta: Math.PI / 2, rho: h - 1 },
  ];
}

// Working-pixel lines to frame pixels; frame-border sides snap to the true border.
function toFrameLines(c: Candidate, p: Planes, f: Frame): Line[] {
  return c.sides.map((s) => {
    if (s.border) return frameBorder(s.line, f);
    const a = toFrame(pointOn(s.line, 0), p), b = toFrame(pointOn(s.line, 100), p);
    return lineThrough(a, b);
  });
}

// The frame's outer edge, half a pixel beyond the first and last pixel centres.
function frameBorder(l: Line, f: Frame): Line {
  if (l.theta === 0) return { theta: 0, rho: l.rho > 0 ? f.width - 0.5 : -0.5 };
  return { theta: Math.PI / 2, rho: l.rho > 0 ? f.height - 0.5 : -0.5 };
}

function pointOn(l: Line, t: number): Point {
  const c = Math.cos(l.theta), s = Math.sin(l.theta);
  return [l.rho * c - t * s, l.rho * s + t * c];
}

function toFrame(q: Point, p: Planes): Point {
  return [(q[0] + 0.5) * p.sx - 0.5, (q[1] + 0.5) * p.sy - 0.5];
}

function lineThrough(a: Point, b: Point): Line {
  const theta = Math.atan2(b[0] - a[0], -(b[1] - a[1]));
  return { theta, rho: a[0] * Math.cos(theta) + a[1] * Math.sin(theta) };
}

// Replaces each real side's line by its full-resolution fit when one is found.
function refineLines(f: Frame, c: Candidate, lines: Line[], scale: number): void {
  const corners = cornersOf(lines);
  if (!corners) return;
  const radius = Math.max(3, 1.5 * scale);
  for (let k = 0; k < 4; k++) {
    if (c.sides[k].border) continue;
    const fit = refineSide(f, corners[k], corners[(k + 1) % 4], radius);
    if (fit) lines[k] = fit;
  }
}

function cornersOf(lines: Line[]): Point[] | null {
  const out: Point[] = [];
  for (let k = 0; k < 4; k++) {
    const p = intersect(lines[(k + 3) % 4], lines[k]);
    if (!p) return null;
    out.push(p);
  }
  return isConvex(out) ? out : null;
}
