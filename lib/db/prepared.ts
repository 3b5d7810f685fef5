import { PgTransaction } from "drizzle-orm/pg-core";
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
 * statement's name cannot drift apart.
 */
export function preparedQuery<T>(name: string, build: (db: Db, name: string) => T): (db: PoolDb) => T {
  return (db) => prepared(db, name, (handle) => build(handle, name));
}

/** What both drivers' own clients (pg's Pool, PGlite) answer a plain query with. */
interface DriverClient {
  query(text: string, values: unknown[]): Promise<{ rows: unknown[] }>;
}

/**
 * One statement sent to the handle's own driver client, past drizzle, its rows as the driver
 * parses them (timestamps as `Date`, `jsonb` parsed, snake_case names as written). Only for
 * a statement so hot that drizzle's own work per call shows: the status poll, which every
 * open desktop page sends every 2 s. There, drizzle's prepared execute (an options object
 * that pg copies descriptor by descriptor, two tracing wrappers, the row mapping) cost about
 * 15 µs of a 650 µs poll. The statement is unnamed, parsed by Postgres on each call. Errors
 * are the driver's own, which the 503 mapping reads as before (lib/db/unavailable.ts).
 */
export async function driverRows<R>(db: PoolDb, text: string, values: unknown[]): Promise<R[]> {
  const client = (db as unknown as { $client: DriverClient }).$client;
  return (await client.query(text, values)).rows as R[];
}
