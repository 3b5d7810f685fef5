// The printed page of one scene as HTML at 200 dpi (A4 = 1654 × 2339 px). Every printed word is a
// `.w` span, so the browser that lays the page out also tells its exact lines (the OCR truth);
// stamps, ink, highlighter and the photo carry `data-mark`, so their boxes are known too.
import { Rng } from "../detector/synth/random";
import { HEADINGS, ITEMS, MONTHS, NAMES, SENTENCES, STAMPS, STREETS, TOWNS } from "./sentences";

export const PAGE_W = 1654, PAGE_H = 2339;
const PT = 200 / 72; // px per point at 200 dpi
const MM = 200 / 25.4;

export interface PageSpec {
  font: string;
  sizePt: number;
  stamp?: "box" | "circle";
  ink?: "signature" | "handwriting" | "both";
  highlight?: boolean;
  photo?: boolean;
  table?: boolean;
}

const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;");
const words = (s: string) => s.split(/\s+/).filter(Boolean).map((w) => `<span class="w">${esc(w)}</span>`).join(" ");

/** Sentences in a seeded order, each used once before any repeats. */
function deck(rng: Rng): () => string {
  let pool: string[] = [];
  return () => {
    if (!pool.length) pool = SENTENCES.map((s) => [rng.next(), s] as const).sort((a, b) => a[0] - b[0]).map(([, s]) => s);
    return pool.pop()!;
  };
}

function paragraph(rng: Rng, next: () => string, n: number, highlight = false): string {
  const picked = Array.from({ length: n }, next);
  const hl = highlight ? rng.int(0, n - 1) : -1;
  return picked.map((s, i) => (i === hl ? `<span class="hl" data-mark="highlight">${words(s)}</span>` : words(s))).join(" ");
}

function table(rng: Rng): string {
  const rows = Array.from({ length: rng.int(3, 5) }, () => {
    const qty = rng.int(1, 24), price = rng.int(150, 9900) / 100;
    return [rng.pick(ITEMS), String(qty), price.toFixed(2), (qty * price).toFixed(2)];
  });
  const head = ["Item", "Qty", "Price", "Total"].map((h) => `<th>${words(h)}</th>`).join("");
  const body = rows.map((r) => `<tr>${r.map((c, i) => `<td class="${i ? "num" : ""}">${words(c)}</td>`).join("")}</tr>`).join("");
  return `<table><thead><tr>${head}</tr></thead><tbody>${body}</tbody></table>`;
}

/** A cursive-looking blue stroke: loops along a baseline, as an SVG path. */
function signature(rng: Rng, w: number, h: number): string {
  let d = `M 10 ${h * 0.6}`, x = 10;
  while (x < w - 40) {
    const step = rng.range(22, 48), up = rng.range(0.1, 0.45) * h, down = rng.range(0.55, 0.9) * h;
    d += ` C ${x + step * 0.2} ${up} ${x + step * 0.9} ${up} ${x + step * 0.6} ${down} S ${x + step * 1.1} ${rng.range(0.5, 0.7) * h} ${x + step} ${rng.range(0.45, 0.65) * h}`;
    x += step;
  }
  d += ` L ${w - 10} ${h * 0.35}`;
  return `<svg data-mark="ink" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}"><path d="${d}" fill="none" stroke="rgb(28,52,168)" stroke-width="4.5" stroke-linecap="round" stroke-linejoin="round"/></svg>`;
}

function stamp(rng: Rng, kind: "box" | "circle"): string {
  const date = `${rng.int(1, 28)} ${rng.pick(MONTHS)} 20${rng.int(19, 25)}`;
  const turn = rng.range(-18, 18).toFixed(1);
  return `<div class="stamp ${kind}" data-mark="stamp" style="transform: rotate(${turn}deg)"><b>${rng.pick(STAMPS)}</b><small>${date}</small></div>`;
}

const photo = `<div class="photo" data-mark="photo"><i class="sun"></i><i class="hill"></i><i class="hill two"></i></div>`;

/** The page's HTML; `rng` draws the words, so the same seed gives the same page. */
export function pageHtml(spec: PageSpec, rng: Rng): string {
  const size = spec.sizePt * PT, name = rng.pick(NAMES), next = deck(rng);
  const paras = Array.from({ length: 9 }, (_, i) => `<p class="${i >= 2 ? "opt" : ""}">${paragraph(rng, next, rng.int(2, 4), spec.highlight && i === 1)}</p>`);
  const hand = spec.ink === "handwriting" || spec.ink === "both"
    ? `<div class="hand" data-mark="ink">${esc(rng.pick(["Received with thanks", "Please call me back", "Checked and agreed", "Copy sent to accounts"]))}, ${esc(name.split(" ")[0])}</div>` : "";
  const closing = `<div class="closing"><div><div>${words("Yours sincerely,")}</div>${spec.ink === "signature" || spec.ink === "both" ? signature(rng, 520, 150) : '<div style="height:150px"></div>'}<div>${words(rng.pick(NAMES))}</div></div>${spec.stamp ? stamp(rng, spec.stamp) : ""}</div>`;
  const css = `
    @page { margin: 0 } html, body { margin: 0; background: #fff; }
    .page { width: ${PAGE_W}px; height: ${PAGE_H}px; box-sizing: border-box; padding: ${20 * MM}px ${22 * MM}px; overflow: hidden;
      font-family: "${spec.font}"; font-size: ${size}px; line-height: 1.38; color: #141414; }
    h1 { font-size: ${size * 1.7}px; margin: ${size * 0.8}px 0 ${size * 0.5}px; } h2 { font-size: ${size * 1.25}px; margin: ${size}px 0 ${size * 0.3}px; }
    p { margin: 0 0 ${size * 0.7}px; } .small { font-size: ${size * 0.9}px; }
    .hl { background: rgb(255, 236, 70); }
    table { border-collapse: collapse; margin: ${size * 0.5}px 0 ${size}px; } th, td { padding: 4px ${size * 0.9}px; text-align: left; white-space: nowrap; }
    th { border-bottom: 3px solid #333; } td.num { text-align: right; }
    .closing { display: flex; justify-content: space-between; align-items: center; margin-top: ${size}px; }
    .stamp { color: rgb(204, 28, 40); border: 7px solid rgb(204, 28, 40); padding: 18px 34px; margin-right: 60px; text-align: center;
      font-family: "DejaVu Sans"; font-weight: bold; opacity: 0.88; mix-blend-mode: multiply; }
    .stamp b { display: block; font-size: 62px; letter-spacing: 6px; } .stamp small { display: block; font-size: 36px; }
    .stamp.circle { border-radius: 50%; width: 300px; height: 300px; box-sizing: border-box; display: flex; flex-direction: column; justify-content: center; padding: 0; }
    .stamp.circle b { font-size: 48px; letter-spacing: 2px; }
    .hand { font-family: "Z003"; font-size: ${size * 1.9}px; color: rgb(30, 60, 175); margin: ${size * 0.3}px 0 ${size * 0.6}px ${size * 4}px; transform: rotate(-2deg); width: max-content; }
    .photo { float: right; width: 520px; height: 360px; margin: 8px 0 ${size * 0.5}px ${size}px; position: relative; overflow: hidden;
      background: linear-gradient(175deg, rgb(92, 150, 214), rgb(190, 220, 240) 60%, rgb(240, 200, 150)); }
    .photo i { position: absolute; display: block; border-radius: 50%; }
    .sun { width: 90px; height: 90px; left: 360px; top: 40px; background: radial-gradient(rgb(255, 240, 160), rgb(250, 180, 60)); }
    .hill { width: 700px; height: 300px; left: -150px; top: 230px; background: radial-gradient(circle at 50% 30%, rgb(110, 170, 80), rgb(40, 100, 50)); }
    .hill.two { left: 220px; top: 260px; background: radial-gradient(circle at 40% 30%, rgb(150, 180, 90), rgb(70, 110, 40)); }`;
  return `<!doctype html><html><head><meta charset="utf-8"><style>${css}</style></head><body><div class="page">
    <div class="small">${[name, rng.pick(STREETS), rng.pick(TOWNS)].map((l) => `<div>${words(l)}</div>`).join("")}</div>
    <div class="small" style="margin-top:${size}px">${words(`${rng.int(1, 28)} ${["January", "March", "May", "July", "September", "November"][rng.int(0, 5)]} 20${rng.int(19, 25)}`)}</div>
    <h1>${words(rng.pick(HEADINGS))}</h1>
    ${spec.photo ? photo : ""}${paras[0]}${paras[1]}${hand}
    ${spec.table ? `<h2>${words("Details")}</h2>${table(rng)}` : ""}
    ${paras.slice(2).join("")}${closing}</div></body></html>`;
}
