// The pages benchmark's summary: one line per figure, and the markdown table for the docs.
import { mean } from "./metrics";
import type { PageFigures } from "./measure";

export interface Row extends Omit<PageFigures, "look" | "ocr"> {
  scene: string; split: "train" | "test"; column: string; useMs?: number; readyMs?: number; throttledMs?: number; captured?: string;
  sendMs?: number; readMs?: number; textCer?: number;
  /** OCR pass: the mean of the page's recognitions' own ms, and whether every page came back `done` (1) or not (0). */
  recogniseMs?: number; ocrDone?: number; ocrStatus?: string[];
}

const f = (x: number, d = 3) => (Number.isFinite(x) ? x.toFixed(d) : "–");
const colourOf = (r: Row, kind: string) => r.colour.find((c) => c.kind === kind);

/** Per figure, its mean and per-page values, as `pages.<figure> split=… column=… mean=… pages=id:value …`. */
export function figureLines(rows: Row[]): string[] {
  const figures: [string, (r: Row) => number | undefined, number][] = [
    ["cer", (r) => r.cer, 3], ["evenness", (r) => r.evenness, 3], ["paper_cast", (r) => r.paperCast, 0], ["edge_background", (r) => (r.edge.any ? 1 : 0), 0],
    ["pdf_kb_per_page", (r) => r.pdfKbPerPage, 0], ["image_kb", (r) => r.imageKb ?? undefined, 0],
    ["use_page_ms", (r) => r.useMs, 0], ["page_ready_ms", (r) => r.readyMs, 0], ["use_page_ms_cpu4x", (r) => r.throttledMs, 0],
    ["text_layer_cer", (r) => r.textCer, 3], ["read_ms", (r) => r.readMs, 0], ["send_ms", (r) => r.sendMs, 0],
    ["recognise_ms", (r) => r.recogniseMs, 0], ["ocr_done", (r) => r.ocrDone, 0],
    ["stamp_chroma_kept", (r) => colourOf(r, "stamp")?.kept, 2], ["stamp_hue_shift_deg", (r) => colourOf(r, "stamp")?.hueShift, 1],
    ["ink_chroma_kept", (r) => colourOf(r, "ink")?.kept, 2], ["ink_hue_shift_deg", (r) => colourOf(r, "ink")?.hueShift, 1],
    ["highlight_chroma_kept", (r) => colourOf(r, "highlight")?.kept, 2],
  ];
  const lines: string[] = [];
  for (const split of ["test", "train"] as const) for (const column of [...new Set(rows.map((r) => r.column))]) {
    const group = rows.filter((r) => r.split === split && r.column === column);
    for (const [name, get, d] of figures) {
      const vals = group.map((r) => [r.scene, get(r)] as const).filter((v): v is readonly [string, number] => v[1] !== undefined && Number.isFinite(v[1]));
      if (!vals.length) continue;
      const sum = name === "edge_background" || name === "ocr_done" ? `pages=${vals.filter((v) => v[1]).length}/${vals.length}` : `mean=${f(mean(vals.map((v) => v[1])), d)}`;
      lines.push(`pages.${name} split=${split} column="${column}" ${sum} per-page=${vals.map(([s, v]) => `${s}:${f(v, d)}`).join(" ")}`);
    }
  }
  return lines;
}

/** The markdown table: one row per column (flat, true-corner raw, each delivered mode), means over the split. */
export function markdownTable(rows: Row[], split: "train" | "test"): string {
  const head = "| page | CER | paper evenness | paper cast | edge background | KB/page (image) | ms \"Use this page\" → thumbnail / page ready | stamp chroma kept (hue shift) | ink chroma kept (hue shift) |\n|---|---|---|---|---|---|---|---|---|";
  const body = [...new Set(rows.map((r) => r.column))].map((column) => {
    const g = rows.filter((r) => r.split === split && r.column === column);
    if (!g.length) return null;
    const c = (kind: string) => {
      const v = g.map((r) => colourOf(r, kind)).filter((x) => x && Number.isFinite(x.kept));
      return v.length ? `${f(mean(v.map((x) => x!.kept)), 2)} (${f(mean(v.map((x) => x!.hueShift)), 0)}°)` : "–";
    };
    const delivered = g[0].useMs !== undefined;
    const kb = delivered ? `${f(mean(g.map((r) => r.pdfKbPerPage)), 0)} (${f(mean(g.map((r) => r.imageKb ?? NaN)), 0)})` : "–";
    const ms = delivered ? `${f(mean(g.map((r) => r.useMs!)), 0)} / ${f(mean(g.map((r) => r.readyMs ?? NaN)), 0)}` : "–";
    return `| ${column} | ${f(mean(g.map((r) => r.cer)))} | ${f(mean(g.map((r) => r.evenness)), 2)} | ${f(mean(g.map((r) => r.paperCast)), 0)} | ${g.filter((r) => r.edge.any).length}/${g.length} | ${kb} | ${ms} | ${c("stamp")} | ${c("ink")} |`;
  });
  return [head, ...body.filter(Boolean)].join("\n");
}
