/**
 * Documents come in few shapes. Long ÷ short side of the common ones: ISO A and
 * B sizes (√2), US Letter, US Legal, ID-1 cards (bank and ID cards), US
 * business cards. A quad whose real aspect is none of these (a page merged with
 * the paper under it, a card cut at its coloured band) is less likely a page.
 */
const FORMATS = [Math.SQRT2, 279.4 / 215.9, 355.6 / 215.9, 85.6 / 53.98, 3.5 / 2];
/** Receipts and other strips: any shape at least this long for its width. */
const STRIP = 2.5;

/** Distance in ln(aspect) from `aspect` (long ÷ short) to the nearest common shape; 0 for strips. */
export function formatMiss(aspect: number): number {
  if (aspect >= STRIP) return 0;
  let best = Math.log(STRIP / aspect);
  for (const f of FORMATS) best = Math.min(best, Math.abs(Math.log(aspect / f)));
  return best;
}
