import type { Gradient } from "./gradient";
import type { EdgeMap } from "./edges";
import type { Line } from "./geometry";

const COS_TOL = Math.cos((15 * Math.PI) / 180);

/**
 * Re-fits a Hough line (quantised to 1 degree and 1 px) to the aligned edge
 * pixels within `band` px of it, by total least squares.
 */
export function fitLineToEdges(line: Line, g: Gradient, e: EdgeMap, band = 2): Line {
  const { width: w, height: h } = g;
  const nx = Math.cos(line.theta), ny = Math.sin(line.theta);
  let n = 0, sx = 0, sy = 0, sxx = 0, syy = 0, sxy = 0;
  const len = Math.ceil(Math.hypot(w, h));
  for (let t = -len; t <= len; t++) {
    const px = line.rho * nx - t * ny, py = line.rho * ny + t * nx;
    if (px < -band || py < -band || px > w + band || py > h + band) continue;
    for (let o = -band; o <= band; o++) {
      const x = Math.round(px + o * nx), y = Math.round(py + o * ny);
      if (x < 0 || y < 0 || x >= w || y >= h) continue;
      const i = y * w + x;
      if (!e.edge[i] || Math.abs(g.gx[i] * nx + g.gy[i] * ny) < COS_TOL * g.mag[i]) continue;
      n++; sx += x; sy += y; sxx += x * x; syy += y * y; sxy += x * y;
      break; // one point per step along the line
    }
  }
  if (n < 8) return line;
  const mx = sx / n, my = sy / n;
  const cxx = sxx / n - mx * mx, cyy = syy / n - my * my, cxy = sxy / n - mx * my;
  // Normal = eigenvector of the smallest eigenvalue of the scatter matrix.
  const phi = 0.5 * Math.atan2(2 * cxy, cxx - cyy) + Math.PI / 2;
  return normalise({ theta: phi, rho: mx * Math.cos(phi) + my * Math.sin(phi) }, line);
}

// Keeps theta in [0, pi) and the normal's sign close to the original line's.
function normalise(l: Line, ref: Line): Line {
  let { theta, rho } = l;
  if (Math.cos(theta - ref.theta) < 0) { theta += Math.PI; rho = -rho; }
  while (theta >= Math.PI) { theta -= Math.PI; rho = -rho; }
  while (theta < 0) { theta += Math.PI; rho = -rho; }
  return { theta, rho };
}
