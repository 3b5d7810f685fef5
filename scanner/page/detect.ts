/**
 * The one interface between the scanner page and the detector: everything the
 * worker needs from scanner/detector goes through here, so the two can change apart.
 */
export { detect, estimatePageSize, warpPerspective, sharpness, StabilityTracker } from "@/scanner/detector";
export type { Frame, Quad, Point, Detection } from "@/scanner/detector";
