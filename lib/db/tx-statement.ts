import { fillPlaceholders, Param, SQL, StringChunk, type Column } from "drizzle-orm";
import type { Tx } from "./client";

/** What drizzle's query builders give `toSQL()`: the text with `$1…$n`, and the values in order. */
interface Compiled {
  sql: string;
  params: unknown[];
}

/**
 * A statement that runs inside transactions, turned into SQL text once (building
 * the completion's statements with the query builder cost about 0.5 ms per upload, where
 * the handle's `prepared()` queries cannot go: a prepared query belongs to its handle).
 * `build` writes it with the query builder as usual, with `sql.placeholder(name)` for every
 * value; each call sends the cached text with the values filled in. Placeholders skip
 * drizzle's column encoders, so values go as the driver takes them (timestamps as ISO
 * text), and rows come back as the driver returns them: read them with `columnsOf`.
 */
export function txStatement(build: (tx: Tx) => { toSQL(): Compiled }): (tx: Tx, values: Record<string, unknown>) => Promise<Record<string, unknown>[]> {
  let parts: string[] | undefined;
  let params: unknown[] = [];
  return async (tx, values) => {
    if (!parts) ({ parts, params } = split(build(tx).toSQL()));
    const chunks: (StringChunk | Param)[] = [new StringChunk(parts[0])];
    fillPlaceholders(params, values).forEach((value, i) => chunks.push(new Param(value), new StringChunk(parts![i + 1])));
    const result = (await tx.execute(new SQL(chunks))) as unknown as { rows: Record<string, unknown>[] };
    return result.rows;
  };
}

/** The text around each `$n`; drizzle numbers its parameters in the order they appear. */
function split(compiled: Compiled): { parts: string[]; params: unknown[] } {
  const parts = compiled.sql.split(/\$\d+/);
  const numbers = [...compiled.sql.matchAll(/\$(\d+)/g)].map((m) => Number(m[1]));
  if (numbers.some((n, i) => n !== i + 1) || numbers.length !== compiled.params.length) {
    throw new Error(`txStatement: parameters out of order in ${compiled.sql}`);
  }
  return { parts, params: compiled.params };
}

/** A driver row read through the columns a statement returns, as the query builder would. */
export function columnsOf<T extends Record<string, Column>>(row: Record<string, unknown>, columns: T): { [K in keyof T]: T[K]["_"]["data"] } {
  return Object.fromEntries(Object.entries(columns).map(([key, column]) => [key, row[column.name] === null ? null : column.mapFromDriverValue(row[column.name])])) as { [K in keyof T]: T[K]["_"]["data"] };
}
