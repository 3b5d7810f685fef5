import { eq, getTableColumns, sql } from "drizzle-orm";
import type { Ctx } from "../context";
import type { Db } from "../db";
import { preparedQuery } from "../db/prepared";
import { sessions, tenants, type SessionCreator } from "../db/schema";
import { errorChain } from "../dependencies";
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
 * One statement on the common path, committed asynchronously (`asyncCommit` below): the
 * session is inserted first and its credit held last (`insertHoldingLast`), by the database
 * function `session_credit_hold` (drizzle/0010), which adds one to the tenant's
 * `held_sessions` (an upper bound on its live sessions, drizzle/0006) when the bound leaves a
 * credit free and raises otherwise, rolling the insert back with the statement. Then the exact
 * rule runs (`insertIfCovered`): `session_credit_reserve` recounts the live sessions when the
 * bound leaves none free, and the session is inserted only if they leave one. `hold.ts`
 * releases a session's hold when it completes or fails.
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
  const values = driverValues(row);
  if (!(await heldUnderTheBound(ctx.db, values))) {
    const inserted = await insertIfCovered(ctx.db).execute({ ...values, reserveNow: s.now.toISOString(), reserveStates: LIVE_STATE_ARRAY });
    if (inserted.length === 0) throw await insufficientCredits(ctx.db, s.tenantId);
  }
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

/**
 * This statement's transaction commits without waiting for its WAL to reach disk. The
 * credit hold holds the tenant row lock until commit, so with a synchronous commit a
 * tenant's openings queued through one disk flush each, one at a time (most of
 * creation's gap to bare Next under load). The trade, docs/sessions.md "Durability of an
 * opening": a database crash can forget the openings of its last moments (never a credit,
 * a ledger row or a completion: those commit synchronously, and flush these first).
 * `true`: for this transaction only; the pooled connection's next statement is synchronous.
 */
const asyncCommit = sql`(select set_config('synchronous_commit', 'off', true)) as commit_mode`;

/** Every column's value, written in or from its placeholder, selected from `asyncCommit`. */
const openingRow = sql`select ${sql.join(COLUMNS.map(insertedValue), sql`, `)} from ${asyncCommit}`;

/**
 * `with opened as (insert into sessions (every column) select $1::text, …, 'created'::text,
 * null::timestamp…, … from (async commit) returning id) select id from opened where
 * session_credit_hold($2)`: the tenant row lock, which every opening of the tenant queues on
 * until its statement commits, is taken after the session's row and index entries are written.
 */
const insertHoldingLast = preparedQuery("insert_session_hold_last", (db, name) => {
  const opened = db.$with("opened").as(db.insert(sessions).select(openingRow).returning({ id: sessions.id }));
  return db
    .with(opened)
    .select({ id: opened.id })
    .from(opened)
    .where(sql`session_credit_hold(${sql.placeholder("tenantId")})`)
    .prepare(name);
});

/** The raise of `session_credit_hold` (drizzle/0010): the bound leaves no credit free. */
const NO_CREDIT_UNDER_BOUND = "DS402";

/** Inserts the session holding its credit under the bound; false (nothing written) when the bound leaves no credit free. */
async function heldUnderTheBound(db: Db, values: Record<string, unknown>): Promise<boolean> {
  try {
    await insertHoldingLast(db).execute(values);
    return true;
  } catch (err) {
    for (const e of errorChain(err)) if (e.code === NO_CREDIT_UNDER_BOUND) return false;
    throw err;
  }
}

const reserveCredit = sql`session_credit_reserve(${sql.placeholder("tenantId")}, ${sql.placeholder("reserveNow")}::timestamptz, ${sql.placeholder("reserveStates")}::text[])`;

/**
 * The exact rule, when the bound leaves no credit free: `insert into sessions (every column)
 * select … from (async commit) where session_credit_reserve(…) returning id`. The function
 * (drizzle/0006) takes the tenant row lock, recounts the live sessions and leaves the count in
 * `held_sessions`; no row inserted means the balance does not cover the opening.
 */
const insertIfCovered = preparedQuery("insert_session_if_covered", (db, name) =>
  db
    .insert(sessions)
    .select(sql`${openingRow} where ${reserveCredit}`)
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
