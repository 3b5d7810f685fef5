import type { CameraFailure } from "../camera/start-camera";
import type { FailureKind } from "../upload/errors";
import type { ScanResult } from "../contract";
import type { Draft } from "./corner-editor";

/** Which screen the scanner shows. */
export type Phase =
  | { name: "capture" }
  | { name: "adjust"; draft: Draft }
  | { name: "processing" }
  /** After Send, waiting for the text of pages still being read: `read` of `total` are. */
  | { name: "reading"; read: number; total: number }
  | { name: "uploading"; progress: number | null; retrying: boolean }
  | { name: "done"; result: ScanResult }
  | { name: "error"; kind: FailureKind | "scan"; retry: boolean };

/** The capture flow's whole state: the screen, the page being redone, the camera's failure. */
export interface FlowState {
  phase: Phase;
  /** id of the page a capture or crop will replace */
  replacing?: string;
  camera: CameraFailure | null;
}

export type FlowEvent =
  | { type: "camera_failed"; reason: CameraFailure }
  | { type: "draft_opened"; draft: Draft }
  | { type: "draft_sized"; replaceId: string; width: number; height: number }
  | { type: "page_opened"; draft: Draft }
  | { type: "retake_page"; id: string }
  | { type: "retake"; draft?: Draft }
  | { type: "crop_started" }
  | { type: "page_saved" }
  | { type: "upload_started" }
  | { type: "reading_progress"; read: number; total: number }
  | { type: "upload_progress"; fraction: number }
  | { type: "upload_retrying" }
  | { type: "completed"; result: ScanResult }
  | { type: "failed"; kind: FailureKind | "scan" }
  | { type: "resume" };

export const INITIAL_FLOW: FlowState = { phase: { name: "capture" }, camera: null };

/** Failures that end the session: no "Try again". */
const FATAL: (FailureKind | "scan")[] = ["expired", "used", "invalid"];

/** The capture flow as a pure function of its state and one event. */
export function flowReducer(s: FlowState, e: FlowEvent): FlowState {
  switch (e.type) {
    case "camera_failed": return { ...s, camera: e.reason };
    // A capture finishes after its shutter; by then the person may have pressed Send.
    case "draft_opened":
      return s.phase.name === "capture" ? { ...s, phase: { name: "adjust", draft: { ...e.draft, replaceId: s.replacing } } } : s;
    case "draft_sized":
      return s.phase.name === "adjust" && s.phase.draft.replaceId === e.replaceId
        ? { ...s, phase: { name: "adjust", draft: { ...s.phase.draft, width: e.width, height: e.height } } } : s;
    case "page_opened": return { ...s, replacing: e.draft.replaceId, phase: { name: "adjust", draft: e.draft } };
    case "retake_page": return { ...s, replacing: e.id, phase: { name: "capture" } };
    // Retaking a re-opened page keeps it marked for replacement; a new capture does not.
    case "retake": return { ...s, replacing: e.draft?.replaceId ? s.replacing : undefined, phase: { name: "capture" } };
    case "crop_started": return { ...s, phase: { name: "processing" } };
    case "page_saved": return { ...s, replacing: undefined, phase: { name: "capture" } };
    case "upload_started": return { ...s, phase: { name: "uploading", progress: null, retrying: false } };
    case "reading_progress": return isSending(s.phase) ? { ...s, phase: { name: "reading", read: e.read, total: e.total } } : s;
    case "upload_progress": return { ...s, phase: { name: "uploading", progress: Math.round(e.fraction * 100), retrying: false } };
    case "upload_retrying": return { ...s, phase: { name: "uploading", progress: null, retrying: true } };
    case "completed": return { ...s, phase: { name: "done", result: e.result } };
    case "failed":
      return e.kind === "scan" && isSending(s.phase) ? s : { ...s, phase: { name: "error", kind: e.kind, retry: !FATAL.includes(e.kind) } };
    case "resume": return { ...s, phase: { name: "capture" } };
  }
}

/**
 * The document is on its way or delivered: a capture still in flight when Send was pressed
 * (an auto-capture's still, a page whose picture failed) no longer changes the screen.
 */
export function isSending(phase: Phase): boolean {
  return phase.name === "reading" || phase.name === "uploading" || phase.name === "done";
}

/** What "Try again" does on an error screen: send the document again, or go back to the camera. */
export function retryAction(phase: Phase): "send" | "capture" | null {
  if (phase.name !== "error" || !phase.retry) return null;
  return phase.kind === "network" || phase.kind === "generic" ? "send" : "capture";
}

/** The reason reported to the service when the person gives up, if the state is unrecoverable. */
export function giveUpReason(s: FlowState): "scan_error" | "upload_error" | "camera_unavailable" | null {
  if (s.phase.name === "error") return s.phase.kind === "scan" ? "scan_error" : "upload_error";
  return s.camera ? "camera_unavailable" : null;
}
