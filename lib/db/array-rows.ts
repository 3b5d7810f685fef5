import type { Db } from "./client";

/** SQL text drizzle built once, and the name Postgres keeps it under on each connection. */
export interface DriverStatement {
  name: string;
  text: string;
}

type ArrayResult = Promise<{ rows: unknown[][] }>;
type PgPool = { totalCount: number; query(config: DriverStatement & { values: unknown[]; rowMode: "array" }): ArrayResult };
type Pglite = { query(text: string, values: unknown[], options: { rowMode: "array" }): ArrayResult };

/**
 * Runs `statement` through the database driver itself and returns its rows as arrays, columns
 * in select order: the fast path of the two hottest reads, the status poll's and session
 * creation's key lookup (issue 14). Inside the app, drizzle's execute-and-map around the
 * status poll's one-row read cost about 25 µs of server CPU a poll, some 4 % of its throughput
 * (the same SQL sent both ways, side by side). The trade: the caller maps columns by position,
 * and values come as the driver parses them (on both drivers timestamptz as a Date, integer as
 * a number, jsonb parsed). Named on Postgres, so it is parsed once per connection, as drizzle's
 * prepared queries are; PGlite runs the text unnamed.
 */
export async function arrayRows(db: Db, statement: DriverStatement, values: unknown[]): Promise<unknown[][]> {
  const client = (db as unknown as { $client: PgPool | Pglite }).$client;
  const { rows } =
    "totalCount" in client
      ? await client.query({ name: statement.name, text: statement.text, values, rowMode: "array" })
      : await client.query(statement.text, values, { rowMode: "array" });
  return rows;
}
