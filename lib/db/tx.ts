import { PgTransaction } from "drizzle-orm/pg-core";
import type { Db, Tx } from "./client";

/**
 * Runs `fn` in a transaction, reusing the caller's when `db` already is one, so verbs
 * compose without nesting. Every multi-row write goes through here.
 */
export async function withTx<T>(db: Db | Tx, fn: (tx: Tx) => Promise<T>): Promise<T> {
  if (db instanceof PgTransaction) return fn(db as Tx);
  return (db as Db).transaction((tx) => fn(tx as Tx));
}
