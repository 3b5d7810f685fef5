export type { Point, Quad, Frame, Detection, DetectOptions } from "./types";
export { detect } from "./detect";
