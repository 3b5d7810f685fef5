import { OCR_TEXT_MAX, SETTINGS_BOUNDS } from "../../scanner/contract";

/**
 * Bytes a page report may add for its pages' recognised text: the most pages a session
 * allows, each with the longest text, at up to 3 bytes a character once UTF-8 and JSON
 * escaping (a newline is `\n`) are counted. Upload and complete bodies get this much more room.
 */
export const REPORT_TEXT_BYTES = SETTINGS_BOUNDS.maxPages.max * OCR_TEXT_MAX * 3;
