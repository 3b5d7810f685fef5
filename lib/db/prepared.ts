import { Column, getTableName, is, Param, Placeholder, SQL, Subquery } from "drizzle-orm";
import { DrizzleQueryError } from "drizzle-orm/errors";
import { PgTransaction } from "drizzle-orm/pg-core";
import { Client, Pool, types as pgTypes } from "pg";
import type { Db } from "./client";

/**
 * The database handle itself, never an open transaction: a transaction (which has
 * `rollback`) is not assignable to it, so handing one to `prepared()` fails to compile.
 * A transaction passed along typed as plain `Db` (as `withTx` lets verbs do through `ctx.db`)
 * is still refused, at run time, by name.
 */
export type PoolDb = Db & { rollback?: never };

/**
 * A hot query built once per database handle (drizzle turning the same query into
 * SQL text on every call was a quarter of the hot requests' CPU). `build` makes the query
 * with `sql.placeholder(...)` for every value and ends in `.prepare(name)`; callers run
 * `.execute({ ...values })`. On Postgres the name also makes it a named server-side
 * statement, parsed once per connection; PGlite runs the same text unnamed.
 * A prepared query belongs to the handle it was built on, so transactions cannot use one.
 */
const cache = new WeakMap<Db, Map<string, unknown>>();

export function prepared<T>(db: PoolDb, name: string, build: (db: Db) => T): T {
  if (db instanceof PgTransaction) throw new Error(`prepared(${name}): a transaction cannot use the handle's prepared queries`);
  let queries = cache.get(db);
  if (!queries) cache.set(db, (queries = new Map()));
  let query = queries.get(name) as T | undefined;
  if (query === undefined) {
    query = build(db);
    queries.set(name, query);
  }
  return query;
}

/**
 * A prepared query declared at module level: `const byId = preparedQuery("by_id", (db, name) =>
 * db.select().from(t).where(eq(t.id, sql.placeholder("id"))).prepare(name))`, then
 * `byId(ctx.db).execute({ id })`. The name is written once, so the cache key and the
 * statement's name cannot drift apart. Drizzle builds the statement, its parameters and its
 * row shape once; each execution then goes straight to the driver (`leanExecution`).
 */
export function preparedQuery<Q extends AnyPrepared>(name: string, build: (db: Db, name: string) => Q): (db: PoolDb) => LeanQuery<Awaited<ReturnType<Q["execute"]>>> {
  return (db) => prepared(db, name, (handle) => leanExecution<Awaited<ReturnType<Q["execute"]>>>(name, build(handle, name)));
}

type AnyPrepared = { execute(values?: Record<string, unknown>): Promise<unknown> };

export interface LeanQuery<R> {
  execute(values: Record<string, unknown>): Promise<R>;
}

/**
 * Drizzle's prepared query as it holds it: the statement, its parameters (values, placeholders
 * and placeholders with the column that encodes them), the selected fields and the driver.
 * Not public API: `tests/contract/prepared.test.ts` holds the answers equal to drizzle's own
 * execution on both backends, so a drizzle release that moves them fails the suite.
 */
interface DrizzlePrepared {
  queryString: string;
  params: unknown[];
  fields?: { path: string[]; field: unknown }[];
  joinsNotNullableMap?: Record<string, boolean>;
  customResultMapper?: unknown;
  client: unknown;
}

/**
 * Runs a drizzle prepared query without drizzle's per-call work: its three tracing spans and
 * async layers, the placeholder walk with `is()` checks, the cache check, and the row mapping
 * that looks up every field's decoder and table name again for every row. What it does instead
 * is worked out once here: which parameter comes from which placeholder through which encoder,
 * and each selected field's path and decoder. The driver is asked the way drizzle asks it (rows
 * as arrays, date and time types left as text for the columns' decoders, the statement named on
 * Postgres), with one config object per query rather than a parser closure per column per call,
 * and a failure is wrapped as drizzle wraps it (`DrizzleQueryError`, the driver's error as cause).
 * Creation's instruction count fell by 2.5 % with its two queries run so (docs/benchmarks.md).
 */
function leanExecution<R>(name: string, query: AnyPrepared): LeanQuery<R> {
  const q = query as unknown as DrizzlePrepared;
  if (q.customResultMapper) throw new Error(`preparedQuery(${name}): relational queries are not supported`);
  const fill = paramFiller(name, q.params);
  const mapRow = q.fields ? rowMapper(q.fields, q.joinsNotNullableMap) : null;
  const run = driverRunner(name, q.queryString, q.client, mapRow !== null);
  return {
    async execute(values) {
      const params = fill(values);
      let rows: unknown[];
      try {
        rows = await run(params);
      } catch (err) {
        throw new DrizzleQueryError(q.queryString, params, err as Error);
      }
      return (mapRow ? rows.map((row) => mapRow(row as unknown[])) : rows) as R;
    },
  };
}

type ParamSlot = { kind: "constant"; value: unknown } | { kind: "placeholder"; name: string; encode: ((value: unknown) => unknown) | null };

/** Each parameter as a constant, a placeholder's value, or a placeholder's value through its column's encoder. */
function paramFiller(name: string, params: unknown[]): (values: Record<string, unknown>) => unknown[] {
  const slots = params.map((p): ParamSlot => {
    if (is(p, Placeholder)) return { kind: "placeholder", name: p.name, encode: null };
    if (is(p, Param) && is(p.value, Placeholder)) {
      const { encoder } = p;
      return { kind: "placeholder", name: p.value.name, encode: encoder ? (value) => encoder.mapToDriverValue(value) : null };
    }
    return { kind: "constant", value: p };
  });
  return (values) =>
    slots.map((slot) => {
      if (slot.kind === "constant") return slot.value;
      if (!(slot.name in values)) throw new Error(`preparedQuery(${name}): no value for placeholder "${slot.name}"`);
      return slot.encode ? slot.encode(values[slot.name]) : values[slot.name];
    });
}

interface Decoder {
  mapFromDriverValue(value: unknown): unknown;
}

function decoderOf(field: unknown): Decoder {
  if (is(field, Column)) return field;
  const sqlOf = is(field, SQL) ? field : is(field, Subquery) ? (field._.sql as SQL) : (field as SQL.Aliased).sql;
  return (sqlOf as unknown as { decoder: Decoder }).decoder;
}

/**
 * Drizzle's `mapResultRow` with its lookups done once: a row as an array becomes the selected
 * shape. A nested object of one left-joined table's columns is null when its first column is
 * (drizzle's rule: a joined row that is absent comes back as nulls, its key first).
 */
function rowMapper(fields: NonNullable<DrizzlePrepared["fields"]>, joinsNotNullableMap: Record<string, boolean> | undefined): (row: unknown[]) => Record<string, unknown> {
  const columns = fields.map(({ path, field }) => ({ path, decoder: decoderOf(field), table: is(field, Column) && path.length === 2 ? getTableName(field.table) : null }));
  // Each nested object that may be null: the index of its first column, when all its columns are of one table that may be absent.
  const firstColumn = new Map<string, { index: number; table: string | false }>();
  if (joinsNotNullableMap) {
    columns.forEach(({ path, table }, index) => {
      if (table === null) return;
      const seen = firstColumn.get(path[0]);
      if (!seen) firstColumn.set(path[0], { index, table });
      else if (seen.table !== table) seen.table = false;
    });
  }
  const nullWhenAbsent = [...firstColumn].filter(([, { table }]) => table !== false && !joinsNotNullableMap?.[table]).map(([object, { index }]) => ({ object, index }));
  return (row) => {
    const result: Record<string, unknown> = {};
    columns.forEach(({ path, decoder }, i) => {
      let node = result;
      for (let depth = 0; depth < path.length - 1; depth++) node = (node[path[depth]] ??= {}) as Record<string, unknown>;
      const raw = row[i];
      node[path[path.length - 1]] = raw === null ? null : decoder.mapFromDriverValue(raw);
    });
    for (const { object, index } of nullWhenAbsent) if (row[index] === null) result[object] = null;
    return result;
  };
}

/** Date and time types and their arrays, left as the server's text: the columns' decoders parse them (as drizzle sets its drivers). */
const TEXT_TYPE_IDS = new Set([1082, 1114, 1184, 1186, 1115, 1182, 1185, 1187, 1231]);
const asText = (value: string) => value;

const PG_TYPES = {
  getTypeParser: (typeId: number, format?: string) => (TEXT_TYPE_IDS.has(typeId) ? asText : pgTypes.getTypeParser(typeId, format as "text")),
};

const PGLITE_PARSERS = Object.fromEntries([...TEXT_TYPE_IDS].map((id) => [id, asText]));

interface PgliteLike {
  query(text: string, params: unknown[], options: object): Promise<{ rows: unknown[] }>;
}

/** PGlite, recognised by its shape: importing its class here would load PGlite in hosted deployments, which never carry it. */
function isPglite(client: unknown): client is PgliteLike {
  const c = client as Record<string, unknown> | null;
  return typeof c?.query === "function" && typeof c.exec === "function" && typeof c === "object" && "waitReady" in c;
}

/**
 * The statement sent through the handle's own driver: `pg` (a pool or a client; named) or
 * PGlite (unnamed, as drizzle sends it). Any other driver is refused when the query is built,
 * by name: sent the other driver's call, it would fail on every request instead.
 */
function driverRunner(name: string, text: string, client: unknown, arrays: boolean): (params: unknown[]) => Promise<unknown[]> {
  if (client instanceof Pool || client instanceof Client) {
    const pg = client;
    if (arrays) return async (values) => (await pg.query({ name, text, values, rowMode: "array", types: PG_TYPES })).rows;
    return async (values) => (await pg.query({ name, text, values, types: PG_TYPES })).rows;
  }
  if (!isPglite(client)) throw new Error(`preparedQuery(${name}): the database handle's driver is neither pg nor PGlite`);
  const options = { rowMode: arrays ? "array" : "object", parsers: PGLITE_PARSERS };
  return async (values) => (await client.query(text, values, options)).rows;
}
