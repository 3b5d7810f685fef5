import { sql } from "drizzle-orm";
import type { Config } from "../config";
import { tenants } from "../db/schema";

/** The operator's ceiling on keeping documents (`FILE_RETENTION_SECONDS`), in seconds. */
export function retentionCeilingSeconds(config: Pick<Config, "fileRetentionMs">): number {
  return Math.floor(config.fileRetentionMs / 1000);
}

/**
 * A new file's end of retention, as SQL for the completion's insert (no statement of its
 * own): the account's document retention when it set one (lib/redaction's retention
 * policy), never past the operator's ceiling.
 */
export function retainUntilSql(config: Pick<Config, "fileRetentionMs">, tenantId: string, now: Date) {
  const ceiling = retentionCeilingSeconds(config);
  const own = sql`(select ${tenants.documentRetentionSeconds} from ${tenants} where ${tenants.id} = ${tenantId})`;
  return sql<Date>`${now.toISOString()}::timestamptz + make_interval(secs => least(${ceiling}, coalesce(${own}, ${ceiling})))`;
}
