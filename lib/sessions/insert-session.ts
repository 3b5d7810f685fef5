import { eq, getTableColumns, sql } from "drizzle-orm";
import type { Ctx } from "../context";
import type { Db } from "../db";
import { preparedQuery } from "../db/prepared";
import { sessions, tenants, type SessionCreator } from "../db/schema";
import { ApiError } from "../errors";
import { newId } from "../ids";
import { settingsJson, type ScannerSettings } from "../scanner-settings";
import { LIVE_STATES } from "../session-states/transitions";
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
 * What every new session starts with, written into the statement rather than sent with each
 * call: half the columns, so each opening binds 11 column values instead of 24.
 */
const AT_OPENING = {
  status: "created",
  openedAt: null,
  scanningAt: null,
  tokenUsedAt: null,
  completedAt: null,
  failedAt: null,
  failReason: null,
  pageCount: null,
  redactionRequestedAt: null,
  redactionActor: null,
  redactionLeaseUntil: null,
  redactedAt: null,
} as const satisfies Partial<SessionInsert>;

/** The columns each opening sets: with AT_OPENING, every column exactly once (checked by the type). */
type OpeningValues = Omit<SessionInsert, keyof typeof AT_OPENING>;

/**
 * Inserts a `created` session if the balance covers it (docs/sessions.md "Credit
 * rule"): every live session (created, opened or scanning, token unspent, not expired)
 * holds one credit, so opening needs `balance − live sessions ≥ 1`. Decided under the
 * tenant row lock, so concurrent openings queue and cannot all see the same free credit.
 * Nothing is debited here; the credit moves at completion. Shared by `POST /v1/sessions`
 * and the dashboard preview. Returns the creation view with the client token.
 *
 * One statement: `insert … select … where session_credit_reserve(…)`, committed
 * asynchronously (`asyncCommit` below). The database function (drizzle/0006) keeps the hold
 * as a counter on the tenant row, an upper bound on the live sessions that it replaces by the
 * exact count only when the bound leaves no credit free; `hold.ts` releases a session's hold
 * when it completes or fails. No row inserted means the balance did not cover it.
 */
export async function insertSession(ctx: Pick<Ctx, "config" | "db">, s: NewSession) {
  const id = newId("session");
  const expiresAt = new Date(s.now.getTime() + ctx.config.sessionTtlMs);
  const row: OpeningValues = {
    id,
    tenantId: s.tenantId,
    mode: s.mode,
    metadata: s.metadata,
    scanner: s.scanner as unknown as Record<string, unknown>,
    profileId: s.profileId,
    allowedOrigins: s.allowedOrigins,
    callbackUrl: s.callbackUrl,
    createdWith: s.createdWith,
    createdAt: s.now,
    expiresAt,
  };
  const inserted = await insertIfCovered(ctx.db).execute({ ...driverValues(row), reserveTenant: s.tenantId, reserveNow: s.now.toISOString(), reserveStates: LIVE_STATE_ARRAY });
  if (inserted.length === 0) throw await insufficientCredits(ctx.db, s.tenantId);
  return createdView(ctx.config, { id, mode: s.mode, expiresAt });
}

type SessionColumn = (typeof sessions._.columns)[keyof typeof sessions._.columns];
const COLUMNS = Object.entries(getTableColumns(sessions)) as [keyof SessionInsert, SessionColumn][];
const SET_AT_OPENING = COLUMNS.filter(([key]) => !(key in AT_OPENING)) as [keyof OpeningValues, SessionColumn][];

/**
 * Each value an opening sets as the driver takes it (JSON text, ISO timestamps), keyed by column;
 * the settings snapshot's text comes from `settingsJson`, which has it already for a profile's.
 */
function driverValues(row: OpeningValues): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const [key, column] of SET_AT_OPENING) {
    const value = row[key];
    values[key] = value === null ? null : key === "scanner" ? settingsJson(value as ScannerSettings) : column.mapToDriverValue(value);
  }
  return values;
}

/** A column's value in the insert: AT_OPENING's as a literal of the column's type, else its placeholder. */
function insertedValue([key, column]: [keyof SessionInsert, SessionColumn]) {
  const type = sql.raw(column.getSQLType());
  if (!(key in AT_OPENING)) return sql`${sql.placeholder(key)}::${type}`;
  const fixed = AT_OPENING[key as keyof typeof AT_OPENING];
  return fixed === null ? sql`null::${type}` : sql`${sql.raw(`'${fixed.replaceAll("'", "''")}'`)}::${type}`;
}

const LIVE_STATE_ARRAY = `{${LIVE_STATES.join(",")}}`;

const reserveCredit = sql`session_credit_reserve(${sql.placeholder("reserveTenant")}, ${sql.placeholder("reserveNow")}::timestamptz, ${sql.placeholder("reserveStates")}::text[])`;

/**
 * This statement's transaction commits without waiting for its WAL to reach disk. The
 * reservation holds the tenant row lock until commit, so with a synchronous commit a
 * tenant's openings queued through one disk flush each, one at a time (most of
 * creation's gap to bare Next under load). The trade, docs/sessions.md "Durability of an
 * opening": a database crash can forget the openings of its last moments (never a credit,
 * a ledger row or a completion: those commit synchronously, and flush these first).
 * `true`: for this transaction only; the pooled connection's next statement is synchronous.
 */
const asyncCommit = sql`(select set_config('synchronous_commit', 'off', true)) as commit_mode`;

/** `insert into sessions (every column) select $1::text, …, 'created'::text, null::timestamp…, … from (async commit) where session_credit_reserve(…) returning id`. */
const insertIfCovered = preparedQuery("insert_session_if_covered", (db, name) =>
  db
    .insert(sessions)
    .select(
      sql`select ${sql.join(COLUMNS.map(insertedValue), sql`, `)} from ${asyncCommit} where ${reserveCredit}`,
    )
    .returning({ id: sessions.id })
    .prepare(name),
);

/**
 * The refusal, with the figures the reservation saw: having refused, it left the exact count
 * of live sessions in `held_sessions` (read again: this is the rare path).
 */
async function insufficientCredits(db: Db, tenantId: string): Promise<ApiError> {
  const [row] = await db.select({ balance: tenants.credits, live: tenants.heldSessions }).from(tenants).where(eq(tenants.id, tenantId));
  const balance = row?.balance ?? 0;
  const live = row?.live ?? 0;
  const held = live > 0 ? ` and ${live} open session${live === 1 ? "" : "s"} hold${live === 1 ? "s" : ""} ${live} of it` : "";
  return new ApiError("insufficient_credits", { message: `A session costs 1 credit; your balance is ${balance}${held}. Top up to open new sessions.` });
}
