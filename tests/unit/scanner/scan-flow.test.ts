import { describe, expect, it } from "vitest";
import { flowReducer, giveUpReason, INITIAL_FLOW, isSending, retryAction, type FlowEvent, type FlowState } from "@/scanner/ui/scan-flow-state";
import type { Draft } from "@/scanner/ui/corner-editor";

const draft = (o: Partial<Draft> = {}): Draft => ({
  source: new Blob(), url: "blob:x", width: 100, height: 50, corners: [[0, 0], [1, 0], [1, 1], [0, 1]], confidence: 1,
  filter: "auto", facts: { source: "camera", corners: "detected", confidence: 1 }, warnings: null, ...o,
});
const run = (events: FlowEvent[], from: FlowState = INITIAL_FLOW) => events.reduce(flowReducer, from);
const result = { url: "u", page_count: 1, bytes: 1, content_type: "application/pdf", pages: [] };

describe("capture flow reducer", () => {
  it("capture → adjust → processing → capture → upload → done", () => {
    const s = run([{ type: "draft_opened", draft: draft() }]);
    expect(s.phase.name).toBe("adjust");
    expect(run([{ type: "crop_started" }], s).phase.name).toBe("processing");
    const saved = run([{ type: "crop_started" }, { type: "page_saved" }], s);
    expect(saved.phase).toEqual({ name: "capture" });
    const up = run([{ type: "upload_started" }, { type: "upload_progress", fraction: 0.426 }], saved);
    expect(up.phase).toEqual({ name: "uploading", progress: 43, retrying: false });
    expect(run([{ type: "upload_retrying" }], up).phase).toEqual({ name: "uploading", progress: null, retrying: true });
    expect(run([{ type: "completed", result }], up).phase).toEqual({ name: "done", result });
  });

  it("after Send, pages still being read show which page is read, then the upload; only while sending", () => {
    const reading = run([{ type: "upload_started" }, { type: "reading_progress", read: 1, total: 3 }]);
    expect(reading.phase).toEqual({ name: "reading", read: 1, total: 3 });
    expect(isSending(reading.phase)).toBe(true);
    expect(run([{ type: "draft_opened", draft: draft() }], reading)).toBe(reading);
    expect(run([{ type: "upload_started" }], reading).phase).toEqual({ name: "uploading", progress: null, retrying: false });
    expect(run([{ type: "reading_progress", read: 1, total: 3 }])).toBe(INITIAL_FLOW);
  });

  it("redoing a page: the new capture's draft replaces it; saving or a plain retake clears the mark", () => {
    const s = run([{ type: "retake_page", id: "p1" }, { type: "draft_opened", draft: draft() }]);
    expect(s.phase.name === "adjust" && s.phase.draft.replaceId).toBe("p1");
    expect(run([{ type: "page_saved" }], s).replacing).toBeUndefined();
    expect(run([{ type: "retake" }], s).replacing).toBeUndefined();
    const reopened = run([{ type: "page_opened", draft: draft({ replaceId: "p2", width: 0, height: 0 }) }]);
    expect(run([{ type: "retake", draft: draft({ replaceId: "p2" }) }], reopened).replacing).toBe("p2");
  });

  it("fills in the size of a re-opened page only while that page is open", () => {
    const s = run([{ type: "page_opened", draft: draft({ replaceId: "p2", width: 0, height: 0 }) }]);
    const sized = run([{ type: "draft_sized", replaceId: "p2", width: 1920, height: 1080 }], s);
    expect(sized.phase.name === "adjust" && [sized.phase.draft.width, sized.phase.draft.height]).toEqual([1920, 1080]);
    expect(run([{ type: "draft_sized", replaceId: "other", width: 1, height: 1 }], s)).toBe(s);
    expect(run([{ type: "retake" }, { type: "draft_sized", replaceId: "p2", width: 1, height: 1 }], s).phase).toEqual({ name: "capture" });
  });

  it("errors: fatal ones offer no retry; network and upload failures resend, scan failures go back to the camera", () => {
    for (const kind of ["expired", "used", "invalid"] as const) {
      const s = run([{ type: "failed", kind }]);
      expect(s.phase).toEqual({ name: "error", kind, retry: false });
      expect(retryAction(s.phase)).toBeNull();
    }
    expect(retryAction(run([{ type: "failed", kind: "network" }]).phase)).toBe("send");
    expect(retryAction(run([{ type: "failed", kind: "generic" }]).phase)).toBe("send");
    expect(retryAction(run([{ type: "failed", kind: "scan" }]).phase)).toBe("capture");
    expect(run([{ type: "failed", kind: "scan" }, { type: "resume" }]).phase).toEqual({ name: "capture" });
  });

  it("a capture that finishes after Send neither leaves the upload or done screen nor shows an error", () => {
    const uploading = run([{ type: "upload_started" }]);
    const done = run([{ type: "completed", result }], uploading);
    for (const s of [uploading, done]) {
      expect(isSending(s.phase)).toBe(true);
      expect(run([{ type: "draft_opened", draft: draft() }], s)).toBe(s);
      expect(run([{ type: "failed", kind: "scan" }], s)).toBe(s);
    }
    // the upload's own failures still show
    expect(run([{ type: "failed", kind: "network" }], uploading).phase).toEqual({ name: "error", kind: "network", retry: true });
    // a draft is only opened from the camera
    const failed = run([{ type: "failed", kind: "network" }], uploading);
    expect(run([{ type: "draft_opened", draft: draft() }], failed)).toBe(failed);
    expect(isSending(INITIAL_FLOW.phase)).toBe(false);
  });

  it("reports the unrecoverable state when the person gives up", () => {
    expect(giveUpReason(INITIAL_FLOW)).toBeNull();
    expect(giveUpReason(run([{ type: "camera_failed", reason: "denied" }]))).toBe("camera_unavailable");
    expect(giveUpReason(run([{ type: "failed", kind: "scan" }]))).toBe("scan_error");
    expect(giveUpReason(run([{ type: "failed", kind: "network" }]))).toBe("upload_error");
  });
});
