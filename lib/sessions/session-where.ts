import { and, eq, sql, type SQL } from "drizzle-orm";
import { sessions, type SessionStatus } from "../db/schema";
import type { Cursor, SessionFilters } from "./list-query";

const s = sessions;

/**
 * The SQL condition of a tenant's session list: the filters, and the keyset position after
 * `cursor` in (created_at, id) descending order, so pages never skip or repeat a row while
 * new sessions arrive.
 */
export function sessionWhere(tenantId: string, f: SessionFilters, now: Date, cursor?: Cursor): SQL {
  const conds: (SQL | undefined)[] = [eq(s.tenantId, tenantId)];
  if (f.mode) conds.push(eq(s.mode, f.mode));
  if (f.from) conds.push(sql`${s.createdAt} >= ${f.from.toISOString()}::timestamptz`);
  if (f.to) conds.push(sql`${s.createdAt} < ${f.to.toISOString()}::timestamptz`);
  if (f.source !== "all") conds.push(f.source === "preview" ? IS_PREVIEW : sql`not ${IS_PREVIEW}`);
  if (f.status) conds.push(statusIs(f.status, now));
  if (f.q) conds.push(matches(f.q));
  if (cursor) conds.push(sql`(${s.createdAt}, ${s.id}) < (${cursor.createdAt.toISOString()}::timestamptz, ${cursor.id})`);
  return and(...conds) as SQL;
}

/** Console previews: created by the console; rows older than `created_with` carry only the metadata tag. */
const IS_PREVIEW = sql`coalesce(${s.createdWith} = 'console', ${s.metadata}->>'source' = 'dashboard_preview', false)`;

/** The status a reader sees (effectiveStatus): expiry is applied to the stored status, in SQL. */
function statusIs(status: SessionStatus, now: Date): SQL {
  const at = sql`${now.toISOString()}::timestamptz`;
  switch (status) {
    case "expired":
      return sql`(${s.status} = 'expired' or (${s.status} in ('created', 'opened') and ${s.expiresAt} <= ${at}))`;
    case "failed":
      return sql`(${s.status} = 'failed' or (${s.status} = 'scanning' and ${s.expiresAt} <= ${at}))`;
    case "created":
    case "opened":
    case "scanning":
      return sql`(${s.status} = ${status} and ${s.expiresAt} > ${at})`;
    default:
      return sql`${s.status} = ${status}`;
  }
}

/** The id itself, or the text inside any top-level metadata value (strings and numbers alike). */
function matches(q: string): SQL {
  const pattern = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return sql`(${s.id} = ${q} or exists (select 1 from json_each_text(case when json_typeof(${s.metadata}) = 'object' then ${s.metadata} else '{}'::json end) as m where m.value ilike ${pattern}))`;
}
