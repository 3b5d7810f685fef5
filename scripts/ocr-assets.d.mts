export const OCR_ENGINE_VERSION: string;
export const OCR_DATA_VERSION: string;
/** [path under /scan/ocr/<version>/, path under node_modules] for every file published. */
export const OCR_ASSETS: readonly (readonly [string, string])[];
/** Copies what is missing or changed; returns the folder the files are in. */
export function publishOcrAssets(root: string): string;
