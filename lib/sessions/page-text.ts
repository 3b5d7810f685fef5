import { z } from "zod";
import { OCR_STATUSES, OCR_TEXT_CONTROLS, OCR_TEXT_MAX, PAGE_REPORT_BOUNDS as B } from "../../scanner/contract";

/**
 * A page's recognised text as the scanner sends it in its report (`options.ocr`). Checked
 * like the rest of the report: each problem at its own path (`report.0.ocr.text`). Text is
 * refused past `OCR_TEXT_MAX` code points rather than cut, since the scanner cuts it itself
 * and says so; a page that was not read carries no text, so a reader never mistakes a
 * partial guess for the page's words.
 */
export const PageText = z
  .strictObject({
    status: z.enum(OCR_STATUSES).meta({ description: "How recognition ended: `done` (the text is in the PDF and here), `failed` (the engine could not run), `skipped` (the person chose to send without waiting for it) or `timed_out` (not read within the scanner's bound after Send). A page that is not `done` is delivered without text." }),
    text: z
      .string()
      .refine((s) => [...s].length <= OCR_TEXT_MAX, `must be at most ${OCR_TEXT_MAX} characters`)
      .refine((s) => s.search(OCR_TEXT_CONTROLS) === -1, "must not contain control characters other than tab and newline")
      .meta({ description: `The page's words in reading order: lines separated by a newline, words by a space. At most ${OCR_TEXT_MAX} characters (see \`truncated\`); the PDF at \`url\` carries all of it as its text layer.` }),
    confidence: z.number().min(B.unit.min).max(B.unit.max).meta({ description: "Mean confidence of the recognised words, 0..1 (0 when nothing was read); 0.85 or more is clean print." }),
    truncated: z.boolean().meta({ description: `True when \`text\` was cut at ${OCR_TEXT_MAX} characters.` }),
  })
  .superRefine((t, ctx) => {
    if (t.status !== "done" && t.text !== "") ctx.addIssue({ code: "custom", path: ["text"], message: "must be empty unless status is done" });
  })
  .meta({ id: "PageText", description: "The page's recognised text, on sessions with `options.ocr`; absent otherwise." });
export type PageText = z.infer<typeof PageText>;
