import { describe, expect, it } from "vitest";
import { draftCorners } from "@/scanner/capture/draft-corners";
import type { Located, NormQuad } from "@/scanner/worker/protocol";

const page: NormQuad = [[0.1, 0.1], [0.9, 0.1], [0.9, 0.9], [0.1, 0.9]];
const nudged: NormQuad = [[0.12, 0.11], [0.88, 0.1], [0.9, 0.93], [0.1, 0.88]];
const elsewhere: NormQuad = [[0.3, 0.3], [0.7, 0.3], [0.7, 0.7], [0.3, 0.7]];
const at = (corners: NormQuad, confidence: number): Located => ({ corners, confidence });

describe("draftCorners (the corners the editor opens with)", () => {
  it("takes the still's corners when they agree with the live quad, however sure each is", () => {
    const still = at(nudged, 0.2);
    expect(draftCorners(still, at(page, 0.99))).toBe(still);
  });

  it("takes the still's corners where they disagree but are likelier right", () => {
    const still = at(elsewhere, 0.8);
    expect(draftCorners(still, at(page, 0.3))).toBe(still);
  });

  it("keeps the live quad where the still disagrees and is less sure", () => {
    const live = at(page, 0.8);
    expect(draftCorners(at(elsewhere, 0.3), live)).toBe(live);
    expect(draftCorners(at(elsewhere, 0.8), live)).toBe(live);
  });

  it("takes whichever found a page when the other did not", () => {
    const live = at(page, 0.5), still = at(elsewhere, 0.1);
    expect(draftCorners(null, live)).toBe(live);
    expect(draftCorners(still, null)).toBe(still);
    expect(draftCorners(null, null)).toBeNull();
  });
});
