import type { Quad } from "./types";

/** Two looks agree when every corner of one lies within this share of the frame's diagonal of the other's. */
const AGREE_WITHIN = 0.02;

type Look = { detection: { corners: Quad; confidence: number } };

/**
 * Picks one answer from looks at different working sizes. At low confidence
 * the most confident answer is often a wrong quad found at one size only,
 * while the page is found alike at two: so the most confident answer that
 * another look agrees with wins, and the most confident one only when no two
 * agree.
 */
export function chooseLook<T extends Look>(looks: readonly T[], diagonal: number): T | null {
  const agreed = looks.filter((a) => looks.some((b) => b !== a && agree(a, b, diagonal)));
  return mostConfident(agreed) ?? mostConfident(looks);
}

function agree(a: Look, b: Look, diagonal: number): boolean {
  const near = AGREE_WITHIN * diagonal;
  return a.detection.corners.every(([x, y], k) => Math.hypot(x - b.detection.corners[k][0], y - b.detection.corners[k][1]) < near);
}

function mostConfident<T extends Look>(looks: readonly T[]): T | null {
  return looks.reduce<T | null>((best, l) => (!best || l.detection.confidence > best.detection.confidence ? l : best), null);
}
