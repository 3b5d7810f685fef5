import { json, pool, verifyToken } from "../../../../../lib/deps.js";

export const dynamic = "force-dynamic";

/** Verify the token, one select by id. */
export async function GET(req, { params }) {
  const { id } = await params;
  if (verifyToken(new URL(req.url).searchParams.get("t")) !== id) return json(401, { error: "invalid_token" });
  const { rows } = await pool.query("select id, status, expires_at from sessions where id = $1", [id]);
  if (!rows[0]) return json(404, { error: "not_found" });
  return json(200, { id: rows[0].id, status: rows[0].status, expires_at: rows[0].expires_at.toISOString(), result: null });
}
