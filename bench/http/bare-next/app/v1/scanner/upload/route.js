import { Buffer } from "node:buffer";
import { writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { json, newId, pool, verifyToken } from "../../../../lib/deps.js";

export const dynamic = "force-dynamic";

/** Verify the token, decode, write the file, one transaction that claims the token and appends the ledger row. */
export async function POST(req) {
  const body = await req.json();
  const token = verifyToken(body.session);
  if (!token) return json(400, { error: "invalid_token" });
  if (token.expired) return json(410, { error: "session_expired" });
  const { sessionId } = token;
  const bytes = Buffer.from(body.payload, "base64");
  await writeFile(path.join(process.env.BARE_UPLOAD_DIR ?? tmpdir(), `bare-next-${sessionId}.pdf`), bytes);
  const client = await pool.connect();
  try {
    await client.query("begin");
    // Claim the token and debit the tenant in one statement; its row lock orders concurrent uploads.
    const debited = await client.query(
      `with claimed as (update sessions set status = 'completed', token_used_at = now(), completed_at = now()
                        where id = $1 and token_used_at is null returning tenant_id)
       update tenants set credits = credits - 1 from claimed where tenants.id = claimed.tenant_id returning tenants.id, tenants.credits`,
      [sessionId],
    );
    if (!debited.rows[0]) {
      await client.query("rollback");
      return json(409, { error: "token_already_used" });
    }
    // A new statement, so the ledger's last seq is read after the tenant lock was taken.
    await client.query(
      `insert into credit_ledger (id, tenant_id, seq, delta, balance_after, reason, session_id, created_at)
       select $1, $2, coalesce(max(seq), 0) + 1, -1, $3, 'session', $4, now() from credit_ledger where tenant_id = $2`,
      [newId("led"), debited.rows[0].id, debited.rows[0].credits, sessionId],
    );
    await client.query("commit");
  } catch (err) {
    await client.query("rollback");
    throw err;
  } finally {
    client.release();
  }
  return json(200, { status: "ok", session_id: sessionId, bytes: bytes.length });
}
