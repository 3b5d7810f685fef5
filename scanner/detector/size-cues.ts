/**
 * Below this share of the frame a quad's size is judged by the log of its area alone. Content
 * boxes (a photo, a table) and small pages both lie below it, so the prior must not tell them
 * apart by size; a squared log area penalised a page covering 10 % of the frame by about 8
 * more logits than one covering 30 %.
 */
const LARGE_FROM = 0.3;

/**
 * The size cues of the ranking model (rank-model.ts): the log of the share of the frame a quad
 * covers, and the square of how far that log lies above LARGE_FROM (0 below it). With both, the
 * prior rises with the area and then falls again before a frame-filling quad of desk lines.
 */
export function sizeCues(areaFrac: number): { area: number; largeArea: number } {
  const area = Math.log(areaFrac);
  return { area, largeArea: Math.max(0, area - Math.log(LARGE_FROM)) ** 2 };
}
