/**
 * The second stage's score is log-linear: exp(Σ weight × feature) over the
 * cues below, each computed once per shortlisted quad by rerank.ts.
 */
export interface RankFeatures {
  /** log(0.6 × mean + 0.4 × weakest side score): edge support × colour step (rerank.ts) */
  sides: number;
  /**
   * the same over the visible sides only: a page running off the frame is judged by the edges it
   * shows, not diluted by its sides on the frame border (which score at most 0.7, rerank.ts)
   */
  visibleSides: number;
  /** log(0.5 + 0.5 × agreement of the sides' luminance steps on one sign) */
  agree: number;
  /** log(0.75 + 0.25 × share of sides lighter inside) */
  lighter: number;
  /** upper-quartile luminance inside minus the frame's, / 255 (paper-cues.ts) */
  bright: number;
  /** edge density inside (print) and just outside (desk texture) (paper-cues.ts) */
  printInside: number;
  textureOutside: number;
  /** Σ over visible sides' ends of the edge continuing past the corner (corner-cues.ts) */
  continuation: number;
  /** log of the share of the frame covered, and the square of how far it lies above 30 % (size-cues.ts): the prior rises, then falls before a frame-filling quad */
  area: number;
  largeArea: number;
  /** sides on the frame border (page running off the frame) */
  offFrame: number;
  /** how far the quad's real aspect is from every common document shape, 0 when a side is off the frame (format-cues.ts) */
  format: number;
  /** the boundary model's mean P(page border) along the visible sides, and along the least likely one (boundary-model.ts) */
  pageEdge: number;
  pageEdgeMin: number;
}

/**
 * Fitted on detect-train only (bench/detect-ranking.ts dumps every shortlisted quad's cues and
 * IoU, bench/fit-ranking.py fits a softmax over each frame's shortlist, λ = 0.1; 5-fold
 * cross-validated top-1 coarse IoU 0.904 hand-set → 0.923, 0.928 with the squared log area, 0.933
 * with the visible sides' score, 0.938 with no squared size term below 30 % of the frame and frames
 * tagged small, partial or clutter counted twice in the fit; 0.942 with the boundary model's two
 * cues, refitted on all 300 frames). detect-dev was not used.
 */
export const RANK_WEIGHTS: RankFeatures = {
  sides: 1.260, visibleSides: 4.879, agree: -0.004, lighter: 0.617, bright: 3.667, printInside: 2.792, textureOutside: -1.664, continuation: -5.537, area: 5.264, largeArea: -4.295, offFrame: -3.679, format: -6.114, pageEdge: 6.624, pageEdgeMin: 2.856,
};

export function rankScore(f: RankFeatures, w: RankFeatures = RANK_WEIGHTS): number {
  let z = 0;
  for (const k of Object.keys(w) as (keyof RankFeatures)[]) z += w[k] * f[k];
  return Math.exp(z);
}
