// The scanner's page filters: pure TypeScript on RGBA frames, run in the worker.
export { documentFilter, flattenedLuma, type DocumentFilterOptions } from "./document-filter";
export { binarize, bitmapToFrame, INK_BELOW, type Bitmap1 } from "./binarize";
export { measurePage, unevenness, captureWarnings, WARN, type PageQuality } from "./measure";
export { estimatePaper, type PaperMap } from "./paper-map";
export { LOW_RES, isLowResolution } from "./low-resolution";
export { upscale2x } from "./upscale";
export { whitenBorder } from "./border";
export { sharpenEnlarged } from "./sharpen-enlarged";
