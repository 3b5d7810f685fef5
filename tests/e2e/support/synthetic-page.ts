/**
 * A synthetic phone photo of an A4 page: white paper with printed marks at known
 * positions, seen in perspective on a dark textured desk. Tests compare the
 * marks they find in the scanner's PDF with MARKS to check the deskew.
 */
export type Pt = [number, number];

export interface Photo {
  width: number;
  height: number;
  /** RGBA. */
  data: Uint8Array;
  /** Page corners in the photo, tl, tr, br, bl. */
  corners: [Pt, Pt, Pt, Pt];
}

/** Filled squares, centre and half-size as fractions of the page width/height (A4 portrait). */
export const MARKS = [
  { name: "top-left", cx: 0.15, cy: 0.1, r: 0.045, rgb: [0, 0, 0] },
  { name: "top-right", cx: 0.85, cy: 0.1, r: 0.045, rgb: [0, 0, 0] },
  { name: "bottom-left", cx: 0.15, cy: 0.9, r: 0.045, rgb: [0, 0, 0] },
  { name: "centre-right", cx: 0.75, cy: 0.6, r: 0.06, rgb: [0, 0, 0] },
  { name: "red", cx: 0.3, cy: 0.6, r: 0.06, rgb: [220, 30, 30] },
] as const;

/** Grey "text lines" between the marks, so the page looks like a document. */
function pageInk(u: number, v: number): [number, number, number] {
  for (const m of MARKS) if (Math.abs(u - m.cx) < m.r && Math.abs(v - m.cy) < m.r * 0.707) return [...m.rgb];
  // "words": short dark runs with gaps and ragged line ends, like printed text
  const row = Math.floor(v * 60), inRow = (v * 60) % 1 < 0.4;
  const end = 0.55 + 0.3 * ((row * 7919) % 13) / 13;
  const word = Math.sin(u * 90 + row * 1.7) > -0.3;
  const text = v > 0.2 && v < 0.45 && u > 0.12 && u < end && inRow && word;
  return text ? [70, 70, 70] : [246, 245, 240];
}

/** Homography taking the unit square (tl, tr, br, bl) to the quad; then its inverse. */
function quadToSquare(q: [Pt, Pt, Pt, Pt]): (x: number, y: number) => Pt {
  const [[x0, y0], [x1, y1], [x2, y2], [x3, y3]] = q;
  const dx1 = x1 - x2, dx2 = x3 - x2, dx3 = x0 - x1 + x2 - x3;
  const dy1 = y1 - y2, dy2 = y3 - y2, dy3 = y0 - y1 + y2 - y3;
  const den = dx1 * dy2 - dx2 * dy1;
  const g = (dx3 * dy2 - dx2 * dy3) / den, h = (dx1 * dy3 - dx3 * dy1) / den;
  const a = x1 - x0 + g * x1, b = x3 - x0 + h * x3, c = x0, d = y1 - y0 + g * y1, e = y3 - y0 + h * y3, f = y0;
  // inverse of [[a b c][d e f][g h 1]] by cofactors
  const A = e - f * h, B = c * h - b, C = b * f - c * e, D = f * g - d, E = a - c * g, F = c * d - a * f;
  const G = d * h - e * g, H = b * g - a * h, I = a * e - b * d;
  return (x, y) => {
    const w = G * x + H * y + I;
    return [(A * x + B * y + C) / w, (D * x + E * y + F) / w];
  };
}

function desk(x: number, y: number): [number, number, number] {
  // soft, irregular wood grain: no long straight lines for the detector to mistake for paper edges
  const grain = 6 * Math.sin(x * 0.021 + 2.5 * Math.sin(y * 0.017)) + 4 * Math.sin(x * 0.007 - y * 0.011);
  return [72 + grain, 50 + grain * 0.7, 34 + grain * 0.5];
}

export interface View {
  /** Rotation about the page's horizontal axis, its vertical axis, and in plane (degrees). */
  tiltX: number;
  tiltY: number;
  roll: number;
  /** Camera distance (mm) and focal length (pixels). */
  distance: number;
  focal: number;
}

/**
 * The default view, framed alike at every frame size: the focal length grows with the frame's
 * width (1000 px at 960), so the page spans four fifths of the frame (its box 0.82 of the
 * width) at any resolution.
 */
export function defaultView(width: number): View {
  return { tiltX: 22, tiltY: -12, roll: 6, distance: 330, focal: (1000 * width) / 960 };
}

/** Where a pinhole camera sees the corners of an A4 page (210×297 mm), tl, tr, br, bl. */
export function projectA4(width: number, height: number, view: View = defaultView(width)): [Pt, Pt, Pt, Pt] {
  const r = (d: number) => (d * Math.PI) / 180;
  const [cx, sx, cy, sy, cz, sz] = [Math.cos(r(view.tiltX)), Math.sin(r(view.tiltX)), Math.cos(r(view.tiltY)), Math.sin(r(view.tiltY)), Math.cos(r(view.roll)), Math.sin(r(view.roll))];
  return ([[-105, -148.5], [105, -148.5], [105, 148.5], [-105, 148.5]] as Pt[]).map(([x, y]) => {
    const y1 = y * cx, z1 = y * sx; // about x
    const x2 = x * cy + z1 * sy, z2 = -x * sy + z1 * cy; // about y
    const x3 = x2 * cz - y1 * sz, y3 = x2 * sz + y1 * cz; // in plane
    const z = z2 + view.distance;
    return [(view.focal * x3) / z + width / 2, (view.focal * y3) / z + height / 2] as Pt;
  }) as [Pt, Pt, Pt, Pt];
}

/**
 * Renders the photo with 2×2 supersampling (soft, realistic page edges). The default camera
 * is 1200×1600, where the page comes out at about 113 dpi: above the scanner's legible
 * resolution (LEGIBLE_DPI), so auto-capture takes it (at 960×1280, a little farther away, it
 * was 81 dpi: "Move closer").
 */
export function renderPagePhoto(width = 1200, height = 1600, corners?: [Pt, Pt, Pt, Pt]): Photo {
  const q = corners ?? projectA4(width, height);
  const toPage = quadToSquare(q);
  const data = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const acc = [0, 0, 0];
      for (const [ox, oy] of [[0.25, 0.25], [0.75, 0.25], [0.25, 0.75], [0.75, 0.75]]) {
        const [u, v] = toPage(x + ox, y + oy);
        const c = u >= 0 && u <= 1 && v >= 0 && v <= 1 ? pageInk(u, v) : desk(x + ox, y + oy);
        for (let k = 0; k < 3; k++) acc[k] += c[k] / 4;
      }
      const o = (y * width + x) * 4;
      data[o] = acc[0]; data[o + 1] = acc[1]; data[o + 2] = acc[2]; data[o + 3] = 255;
    }
  }
  return { width, height, data, corners: q };
}
