import type { Located, NormQuad } from "../worker/protocol";

/** Two quads agree when every corner is within this share of the frame of its counterpart. */
const AGREE = 0.05;

/**
 * The corners the editor opens with after a capture: the still's (searched at a
 * higher resolution and with every look) when it agrees with the live quad the
 * person saw or is likelier right than it (confidence is a calibrated probability,
 * so the two compare); otherwise the live quad, which stayed put over several
 * frames. Null when neither found a page.
 */
export function draftCorners(still: Located | null, live: Located | null): Located | null {
  if (!still) return live;
  if (!live || agree(still.corners, live.corners) || still.confidence > live.confidence) return still;
  return live;
}

function agree(a: NormQuad, b: NormQuad): boolean {
  return a.every(([x, y], k) => Math.hypot(x - b[k][0], y - b[k][1]) < AGREE);
}
