import { json, pool, verifyToken } from "../../../../../lib/deps.js";

export const dynamic = "force-dynamic";

/** The app's status read (lib/sessions/internal.ts): the session and its file, if any. */
const STATUS_BY_ID = `select "sessions"."id", "sessions"."status", "sessions"."expires_at", "sessions"."redaction_requested_at", "files"."id", "files"."page_count", "files"."bytes", "files"."content_type", "files"."page_reports"
  from "sessions" left join "files" on "files"."session_id" = "sessions"."id" where "sessions"."id" = $1 limit $2`;

/** Verify the token, read the session with its file, answer the status view (the bench polls a session with no document). */
export async function GET(req, { params }) {
  const { id } = await params;
  const token = verifyToken(new URL(req.url).searchParams.get("t"));
  if (!token) return json(401, { error: "invalid_token" });
  if (token.sessionId !== id) return json(404, { error: "not_found" });
  const { rows } = await pool.query({ name: "bare_status_by_id", text: STATUS_BY_ID, values: [id, 1], rowMode: "array" });
  if (!rows[0]) return json(401, { error: "invalid_token" });
  const [, status, expiresAt, , fileId, pageCount, bytes, contentType] = rows[0];
  if (token.expired || expiresAt.getTime() <= Date.now()) return json(410, { error: "session_expired" });
  const result = fileId === null ? null : { pages: pageCount, bytes: Number(bytes), content_type: contentType };
  return json(200, { id, status, expires_at: expiresAt.toISOString(), result });
}
