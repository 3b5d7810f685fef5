import type { SessionStatus } from "../types";

const TONE: Record<SessionStatus, string> = {
  created: "",
  opened: "c-badge--accent",
  scanning: "c-badge--accent",
  completed: "c-badge--success",
  delivered: "c-badge--success",
  failed: "c-badge--danger",
  expired: "c-badge--warning",
};

export const STATUS_WORDS: Record<SessionStatus, string> = {
  created: "Created",
  opened: "Opened",
  scanning: "Scanning",
  completed: "Completed",
  delivered: "Delivered",
  failed: "Failed",
  expired: "Expired",
};

/** A session's status in words, tinted by outcome (the word carries the meaning, not the colour). */
export function StatusBadge({ status }: { status: SessionStatus }) {
  return <span className={["c-badge", TONE[status]].filter(Boolean).join(" ")}>{STATUS_WORDS[status] ?? status}</span>;
}

export function ModeBadge({ mode }: { mode: "test" | "live" }) {
  return <span className={mode === "live" ? "c-badge c-badge--accent" : "c-badge"}>{mode === "live" ? "Live" : "Test"}</span>;
}

/** A redacted session (its data removed): shown beside the status in the list and the detail. */
export function RedactedBadge() {
  return <span className="c-badge c-badge--warning">Redacted</span>;
}
