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
