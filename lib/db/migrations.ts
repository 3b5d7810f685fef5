import { readFileSync } from "node:fs";
import path from "node:path";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { Client } from "pg";
import * as schema from "./schema";

export const MIGRATIONS_FOLDER = path.join(process.cwd(), "drizzle");
/** pg_advisory_lock key for migrations: any constant no other code of this database uses. */
const MIGRATION_LOCK = 4_242_017;

/** The database's schema is older than this code's migrations, and nothing is migrating it. */
export class SchemaBehindError extends Error {}

/**
 * Applies drizzle/'s migrations to a real Postgres database. Safe when several instances
 * start at once: the work runs under a session-level advisory lock, so they migrate one
 * after another and every later one finds nothing left to do.
 */
export async function migrateDatabase(databaseUrl: string, connectMs = 10_000): Promise<void> {
  const client = new Client({ connectionString: databaseUrl, connectionTimeoutMillis: connectMs });
  await client.connect();
  try {
    await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK]);
    await migratePg(drizzlePg(client, { schema }), { migrationsFolder: MIGRATIONS_FOLDER });
  } finally {
    await client.end(); // ends the session, and with it the lock
  }
}

/**
 * Refuses a schema older than the code: the newest migration recorded in the database must
 * be at least this code's newest (drizzle records each by its journal time).
 */
export async function assertSchemaCurrent(databaseUrl: string, connectMs = 10_000): Promise<void> {
  const client = new Client({ connectionString: databaseUrl, connectionTimeoutMillis: connectMs });
  await client.connect();
  try {
    const table = await client.query<{ exists: boolean }>("select to_regclass('drizzle.__drizzle_migrations') is not null as exists");
    const applied = table.rows[0].exists
      ? Number((await client.query<{ newest: string | null }>("select max(created_at)::text as newest from drizzle.__drizzle_migrations")).rows[0].newest ?? 0)
      : 0;
    const newest = newestMigration();
    if (applied < newest.when) {
      throw new SchemaBehindError(
        `The database schema is older than this code (its newest migration is ${newest.tag}). ` +
          "Run `npm run db:migrate` with DATABASE_URL, or start with MIGRATE_ON_START=true (the default).",
      );
    }
  } finally {
    await client.end();
  }
}

function newestMigration(): { tag: string; when: number } {
  const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_FOLDER, "meta", "_journal.json"), "utf8")) as { entries: { tag: string; when: number }[] };
  return journal.entries.reduce((a, b) => (b.when > a.when ? b : a));
}
