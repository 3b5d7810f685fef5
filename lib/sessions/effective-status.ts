import type { SessionStatus } from "../db/schema";

/**
 * The status a reader sees at `now`: the stored status with the TTL applied on top, so no
 * answer waits for the sweep. `created`/`opened` past the TTL read as `expired`, `scanning`
 * past it as `failed`; finished states never change with time.
 */
export function effectiveStatus(session: { status: SessionStatus; expiresAt: Date }, now: Date): SessionStatus {
  if (session.expiresAt.getTime() > now.getTime()) return session.status;
  if (session.status === "created" || session.status === "opened") return "expired";
  if (session.status === "scanning") return "failed";
  return session.status;
}

/** Whether the session's TTL has passed (every token endpoint then answers `410 session_expired`). */
export function isPastTtl(session: { expiresAt: Date }, now: Date): boolean {
  return session.expiresAt.getTime() <= now.getTime();
}
