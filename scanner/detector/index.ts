// The scanner's document detector: pure TypeScript, no DOM or Node APIs, so it
// runs unchanged in a Web Worker and in Node (tests, benchmarks, CLI).
export type { Point, Quad, Frame, Detection, DetectOptions } from "./types";
export { detect } from "./detect";
export { estimatePageSize } from "./page-size";
export { warpPerspective } from "./warp";
export { sharpness } from "./sharpness";
export { StabilityTracker, type StabilityOptions, type StabilityState } from "./stability";
