/** Below this confidence (a probability that IoU >= 0.9) the detector looks again. */
const UNSURE_BELOW = 0.5;
/** The second look's working size, as a multiple of the first's. */
const FINER = 1.5;
/**
 * Share of the first look's Hough vote floor that the second look asks of a
 * line: a faint or shadowed page edge breaks up into few edge pixels, so at
 * the full floor it never becomes a line at either size.
 */
export const SECOND_LOOK_VOTES = 0.5;

/**
 * An unsure answer is often a small, faint or partly visible page: at the
 * working size its edges are too few pixels to become lines, and the strips
 * and tolerances, fixed in working pixels, span too much of it. Returns the
 * working size to search again at, or null when the first answer is sure
 * enough or the frame has no finer detail to give.
 */
export function secondLookSize(confidence: number, workingSize: number, frame: { width: number; height: number }): number | null {
  const long = Math.max(frame.width, frame.height);
  if (confidence >= UNSURE_BELOW || long <= workingSize) return null;
  return Math.min(long, Math.round(FINER * workingSize));
}

/**
 * The working size of the coarser look that goes with the finer one: a blurred
 * or noisy page edge, broken up at the working size, can join into one line
 * when the frame is shrunk further.
 */
export function coarserLookSize(workingSize: number): number {
  return Math.round(workingSize / FINER);
}
