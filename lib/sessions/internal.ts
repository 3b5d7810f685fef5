import { eq, sql } from "drizzle-orm";
import type { Ctx } from "../context";
import type { Db, Tx } from "../db";
import { preparedQuery, type PoolDb } from "../db/prepared";
import { files, sessions, tenants } from "../db/schema";
import { ApiError } from "../errors";
import type { ResultFile } from "../files/result-view";
import { verifyClientToken, verifyHandoffCode } from "../tokens";
import { deliverNow } from "../webhooks/deliver-now";
import { isPastTtl } from "./effective-status";

export type SessionRow = typeof sessions.$inferSelect;
export type FileRow = typeof files.$inferSelect;
type TokenCtx = Pick<Ctx, "config" | "db">;

export async function findSession(db: Db | Tx, sessionId: string): Promise<SessionRow | null> {
  const [row] = await db.select().from(sessions).where(eq(sessions.id, sessionId)).limit(1);
  return row ?? null;
}

/** A session and its file (null until a document exists), in one prepared query: every token request starts with it. */
export async function findSessionWithFile(db: PoolDb, sessionId: string): Promise<SessionWithFile | null> {
  const [row] = await sessionWithFileById(db).execute({ sessionId });
  return row ? { ...row.session, file: row.file } : null;
}

const sessionWithFileById = preparedQuery("session_with_file_by_id", (db, name) =>
  db
    .select({ session: sessions, file: files })
    .from(sessions)
    .leftJoin(files, eq(files.sessionId, sessions.id))
    .where(eq(sessions.id, sql.placeholder("sessionId")))
    .limit(1)
    .prepare(name),
);

export type SessionWithFile = SessionRow & { file: FileRow | null };

/** The fields the status poll answers with: the session's state and its file's result. */
export type StatusRow = Pick<SessionRow, "id" | "status" | "expiresAt" | "redactionRequestedAt"> & { file: ResultFile | null };

/**
 * `findSessionWithFile` narrowed to what the status poll needs: the most frequent request
 * reads three session columns and five file columns, not the row's JSON settings and
 * metadata (a third of its database and driver time on Node 24). The file's page
 * report is JSON too, but it exists only once the scan is done, when the polling stops.
 */
async function findSessionStatus(db: PoolDb, sessionId: string): Promise<StatusRow | null> {
  const [row] = await sessionStatusById(db).execute({ sessionId });
  return row ?? null;
}

/** Drizzle answers the left-joined `file` as null when the session has none. */
const sessionStatusById = preparedQuery("session_status_by_id", (db, name) =>
  db
    .select({
      id: sessions.id,
      status: sessions.status,
      expiresAt: sessions.expiresAt,
      redactionRequestedAt: sessions.redactionRequestedAt,
      file: { id: files.id, pageCount: files.pageCount, bytes: files.bytes, contentType: files.contentType, pageReports: files.pageReports },
    })
    .from(sessions)
    .leftJoin(files, eq(files.sessionId, sessions.id))
    .where(eq(sessions.id, sql.placeholder("sessionId")))
    .limit(1)
    .prepare(name),
);

/** The tenant fields the dashboard preview session needs; the console user's tenant exists. */
export async function loadTenant(db: Db, tenantId: string) {
  const [tenant] = await db
    .select({ id: tenants.id, allowedOrigins: tenants.allowedOrigins, defaultProfileId: tenants.defaultProfileId })
    .from(tenants)
    .where(eq(tenants.id, tenantId))
    .limit(1);
  if (!tenant) throw new ApiError("not_found");
  return tenant;
}

/**
 * The session a client token names. Malformed, tampered or unknown → `invalid_token` with
 * the endpoint's status (401 on reads and config, 400 on upload and complete); a session
 * past its TTL → `410 session_expired`. With `expectedId`, a token for another session
 * is `404 not_found` (the path names one session, the token another).
 */
export function sessionForToken(ctx: TokenCtx, token: string | null | undefined, now: Date, status: 400 | 401, expectedId?: string): Promise<SessionWithFile> {
  return checkToken(ctx, token, now, status, expectedId, (id) => findSessionWithFile(ctx.db, id));
}

/** `sessionForToken` for the status poll: the same checks, the narrow read. */
export function statusForToken(ctx: TokenCtx, token: string | null, now: Date, sessionId: string): Promise<StatusRow> {
  return checkToken(ctx, token, now, 401, sessionId, (id) => findSessionStatus(ctx.db, id));
}

async function checkToken<S extends { expiresAt: Date }>(
  ctx: TokenCtx,
  token: string | null | undefined,
  now: Date,
  status: 400 | 401,
  expectedId: string | undefined,
  read: (sessionId: string) => Promise<S | null>,
): Promise<S> {
  const check = token ? verifyClientToken(ctx.config, token, now) : ({ ok: false, reason: "invalid" } as const);
  if (!check.ok && check.reason === "invalid") throw new ApiError("invalid_token", { status });
  if (expectedId !== undefined && check.sessionId !== expectedId) throw new ApiError("not_found");
  const session = await read(check.sessionId);
  if (!session) throw new ApiError("invalid_token", { status });
  if (!check.ok || isPastTtl(session, now)) throw new ApiError("session_expired");
  return session;
}

/** The session a QR hand-off code names; the same expiry rule as a client token. */
export async function sessionForHandoffCode(ctx: TokenCtx, code: string, now: Date): Promise<SessionRow> {
  const sessionId = verifyHandoffCode(ctx.config, code);
  const session = sessionId ? await findSession(ctx.db, sessionId) : null;
  if (!session) throw new ApiError("invalid_token", { message: "The hand-off code is malformed or tampered with." });
  if (isPastTtl(session, now)) throw new ApiError("session_expired");
  return session;
}

/** Single use: once a document (or a failure) was recorded, the session's tokens are spent. */
export function assertTokenUnused(session: SessionRow): void {
  if (session.tokenUsedAt) {
    const message = session.status === "failed" ? "This session has failed; create a new session." : undefined;
    throw new ApiError("token_already_used", { message });
  }
}

/** The first webhook attempt, after the response (and after the transaction committed). */
export function scheduleDelivery(ctx: Ctx, deliveryId: string | null): void {
  if (deliveryId) ctx.defer(() => deliverNow({ ctx, deliveryId }));
}
