import { getTableColumns, sql } from "drizzle-orm";
import type { Ctx } from "../context";
import type { Db } from "../db";
import { prepared } from "../db/prepared";
import { sessions, type SessionCreator } from "../db/schema";
import { ApiError } from "../errors";
import { newId } from "../ids";
import type { ScannerSettings } from "../scanner-settings";
import { LIVE_STATES } from "./transitions";
import { createdView } from "./views";

export interface NewSession {
  tenantId: string;
  mode: "test" | "live";
  metadata: Record<string, unknown>;
  scanner: ScannerSettings;
  profileId: string | null;
  allowedOrigins: string[];
  callbackUrl: string | null;
  createdWith: SessionCreator;
  now: Date;
}

type SessionInsert = Required<{ [K in keyof typeof sessions.$inferInsert]: (typeof sessions.$inferInsert)[K] | null }>;

/**
 * Inserts a `created` session if the balance covers it (review M7, docs/sessions.md "Credit
 * rule"): every live session (created, opened or scanning, token unspent, not expired)
 * holds one credit, so opening needs `balance − live sessions ≥ 1`. Counted under the
 * tenant row lock, so concurrent openings queue and cannot all see the same free credit.
 * Nothing is debited here; the credit moves at completion. Shared by `POST /v1/sessions`
 * and the dashboard preview. Returns the creation view with the client token.
 *
 * One statement (issue 14): `insert … select … from session_credit_check(…) where balance −
 * held ≥ 1`. The database function (drizzle/0005) takes the lock and counts after it, which
 * a plain subquery could not (it would count on the statement's snapshot, taken before the
 * lock was granted). No row inserted means the balance did not cover it.
 */
export async function insertSession(ctx: Pick<Ctx, "config" | "db">, s: NewSession) {
  const id = newId("session");
  const expiresAt = new Date(s.now.getTime() + ctx.config.sessionTtlMs);
  const row: SessionInsert = {
    id,
    tenantId: s.tenantId,
    mode: s.mode,
    status: "created",
    metadata: s.metadata,
    scanner: s.scanner as unknown as Record<string, unknown>,
    profileId: s.profileId,
    allowedOrigins: s.allowedOrigins,
    callbackUrl: s.callbackUrl,
    createdWith: s.createdWith,
    createdAt: s.now,
    expiresAt,
    openedAt: null,
    scanningAt: null,
    tokenUsedAt: null,
    completedAt: null,
    failedAt: null,
    failReason: null,
    pageCount: null,
  };
  const check = creditCheckValues(s.tenantId, s.now, ctx.config.sessionTtlMs);
  const inserted = await insertIfCovered(ctx.db).execute({ ...driverValues(row), ...check });
  if (inserted.length === 0) throw await insufficientCredits(ctx.db, check);
  return createdView(ctx.config, { id, mode: s.mode, expiresAt });
}

const COLUMNS = Object.entries(getTableColumns(sessions));

/** Every column's value as the driver takes it (JSON text, ISO timestamps), keyed by column. */
function driverValues(row: SessionInsert): Record<string, unknown> {
  return Object.fromEntries(COLUMNS.map(([key, column]) => [key, row[key as keyof SessionInsert] === null ? null : column.mapToDriverValue(row[key as keyof SessionInsert])]));
}

/** The credit check's inputs: live sessions are at most one TTL old (the created_at bound lets the index help). */
function creditCheckValues(tenantId: string, now: Date, ttlMs: number) {
  return { checkTenant: tenantId, checkNow: now.toISOString(), checkSince: new Date(now.getTime() - ttlMs).toISOString(), checkStates: `{${LIVE_STATES.join(",")}}` };
}

const creditCheck = sql`session_credit_check(${sql.placeholder("checkTenant")}, ${sql.placeholder("checkNow")}::timestamptz, ${sql.placeholder("checkSince")}::timestamptz, ${sql.placeholder("checkStates")}::text[])`;

/** `insert into sessions (every column) select $1::text, … from session_credit_check(…) where covered returning id`. */
const insertIfCovered = (db: Db) =>
  prepared(db, "insert_session_if_covered", () =>
    db
      .insert(sessions)
      .select(
        sql`select ${sql.join(
          COLUMNS.map(([key, column]) => sql`${sql.placeholder(key)}::${sql.raw(column.getSQLType())}`),
          sql`, `,
        )} from ${creditCheck} as c where c.balance - c.held >= 1`,
      )
      .returning({ id: sessions.id })
      .prepare("insert_session_if_covered"),
  );

/** The refusal, with the figures the check saw (read again: this is the rare path). */
async function insufficientCredits(db: Db, check: ReturnType<typeof creditCheckValues>): Promise<ApiError> {
  const figures = prepared(db, "session_credit_figures", () => db.select({ balance: sql<number>`c.balance`, held: sql<number>`c.held` }).from(sql`${creditCheck} as c`).prepare("session_credit_figures"));
  const [row] = await figures.execute(check);
  const balance = Number(row?.balance ?? 0);
  const live = Number(row?.held ?? 0);
  const held = live > 0 ? ` and ${live} open session${live === 1 ? "" : "s"} hold${live === 1 ? "s" : ""} ${live} of it` : "";
  return new ApiError("insufficient_credits", { message: `A session costs 1 credit; your balance is ${balance}${held}. Top up to open new sessions.` });
}
