import type { Point } from "./types";

/** 3x3 homography, row-major, h[8] = 1. */
export type Homography = Float64Array;

/** The homography taking src[i] to dst[i] (four point pairs), or null if degenerate. */
export function homographyFrom(src: readonly Point[], dst: readonly Point[]): Homography | null {
  const A: number[][] = [];
  for (let i = 0; i < 4; i++) {
    const [x, y] = src[i], [u, v] = dst[i];
    A.push([x, y, 1, 0, 0, 0, -u * x, -u * y, u]);
    A.push([0, 0, 0, x, y, 1, -v * x, -v * y, v]);
  }
  const h = solve8(A);
  if (!h) return null;
  return Float64Array.from([...h, 1]);
}

/** Applies h to (x, y). */
export function project(h: Homography, x: number, y: number): Point {
  const w = h[6] * x + h[7] * y + h[8];
  return [(h[0] * x + h[1] * y + h[2]) / w, (h[3] * x + h[4] * y + h[5]) / w];
}

// Gauss-Jordan with partial pivoting on an 8x9 augmented matrix.
function solve8(A: number[][]): number[] | null {
  for (let c = 0; c < 8; c++) {
    let piv = c;
    for (let r = c + 1; r < 8; r++) if (Math.abs(A[r][c]) > Math.abs(A[piv][c])) piv = r;
    if (Math.abs(A[piv][c]) < 1e-12) return null;
    [A[c], A[piv]] = [A[piv], A[c]];
    for (let r = 0; r < 8; r++) {
      if (r === c) continue;
      const f = A[r][c] / A[c][c];
      for (let k = c; k < 9; k++) A[r][k] -= f * A[c][k];
    }
  }
  return A.map((row, i) => row[8] / row[i]);
}
