import { LEGIBLE_DPI, type PageReport } from "@/scanner/contract";

export type Verdict = "good" | "fair" | "poor";

/**
 * How an owner should read a page report's numbers: the "good page" guides of docs/sessions.md
 * ("Page quality report"), kept here as the one copy the console judges by.
 */
export const GUIDES = {
  sharpness: { good: 0.35, poor: 0.15 },
  glare: { good: 0.01, poor: 0.05 },
  brightness: { goodMin: 0.45, goodMax: 0.95, poor: 0.25 },
  unevennessAfter: { good: 0.08 },
  /** Below the scanner's legible resolution a page is poor: the scanner prompted for it too. */
  dpi: { good: 150, poor: LEGIBLE_DPI },
  confidence: { good: 0.8 },
} as const;

export function sharpnessVerdict(v: number): Verdict {
  return v >= GUIDES.sharpness.good ? "good" : v < GUIDES.sharpness.poor ? "poor" : "fair";
}

export function glareVerdict(v: number): Verdict {
  return v <= GUIDES.glare.good ? "good" : v > GUIDES.glare.poor ? "poor" : "fair";
}

export function brightnessVerdict(v: number): Verdict {
  const b = GUIDES.brightness;
  return v >= b.goodMin && v <= b.goodMax ? "good" : v < b.poor ? "poor" : "fair";
}

export function evennessVerdict(after: number): Verdict {
  return after <= GUIDES.unevennessAfter.good ? "good" : "fair";
}

export function dpiVerdict(dpi: number): Verdict {
  return dpi >= GUIDES.dpi.good ? "good" : dpi < GUIDES.dpi.poor ? "poor" : "fair";
}

/** Corners a person set by hand are trusted; detected ones by the detector's confidence. */
export function cornersVerdict(page: Pick<PageReport, "corners" | "confidence">): Verdict {
  if (page.corners === "adjusted") return "good";
  if (page.corners === "default") return "fair";
  return page.confidence >= GUIDES.confidence.good ? "good" : "fair";
}

/** A 0..1 share as a percentage with one decimal under 10 % (glare lives there). */
export function percent(v: number): string {
  const p = v * 100;
  return `${p < 10 ? p.toFixed(1) : p.toFixed(0)} %`;
}
