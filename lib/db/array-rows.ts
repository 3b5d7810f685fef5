import { fillPlaceholders } from "drizzle-orm";
import { PgTransaction } from "drizzle-orm/pg-core";
import type { Db } from "./client";

/** A query's SQL text as drizzle built it once, its parameters, and the name Postgres keeps it under. */
export interface DriverStatement {
  name: string;
  text: string;
  /** Fixed values and `sql.placeholder(...)`s, in parameter order. */
  params: unknown[];
}

/** Builds `query`'s SQL once (a query builder ending where `.toSQL()` can be called). */
export function driverStatement(name: string, query: { toSQL(): { sql: string; params: unknown[] } }): DriverStatement {
  const { sql: text, params } = query.toSQL();
  return { name, text, params };
}

type ArrayResult = Promise<{ rows: unknown[][] }>;
type PgPool = { totalCount: number; query(config: { name: string; text: string; values: unknown[]; rowMode: "array" }): ArrayResult };
type Pglite = { query(text: string, values: unknown[], options: { rowMode: "array" }): ArrayResult };

/**
 * Runs `statement` with its placeholders filled through the database driver itself and returns
 * its rows as arrays, columns in select order: the fast path of the two hottest reads, the status
 * poll's and session creation's key lookup. Inside the app, drizzle's execute-and-map
 * around the status poll's one-row read cost about 25 µs of server CPU a poll, some 4 % of its
 * throughput (the same SQL sent both ways, side by side). The trade: the caller maps columns by
 * position, and values come as the driver parses them (on both drivers timestamptz as a Date,
 * integer as a number, jsonb parsed). Named on Postgres, so it is parsed once per connection,
 * as drizzle's prepared queries are; PGlite runs the text unnamed. It takes the database handle only:
 * a transaction's connection is not reachable through it (refused by name, as `prepared()` does).
 */
export async function arrayRows(db: Db, statement: DriverStatement, placeholders: Record<string, unknown>): Promise<unknown[][]> {
  if (db instanceof PgTransaction) throw new Error(`arrayRows(${statement.name}): a transaction cannot use the handle's driver`);
  const client = (db as unknown as { $client: PgPool | Pglite }).$client;
  const values = fillPlaceholders(statement.params, placeholders);
  const { rows } =
    "totalCount" in client
      ? await client.query({ name: statement.name, text: statement.text, values, rowMode: "array" })
      : await client.query(statement.text, values, { rowMode: "array" });
  return rows;
}
