import { chmodSync } from "node:fs";
import type { ExtractTablesWithRelations } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from "drizzle-orm/pg-core";
import { Pool } from "pg";
import { log } from "../log";
import { lockDataDir } from "./data-dir-lock";
import { assertSchemaCurrent, migrateDatabase, MIGRATIONS_FOLDER } from "./migrations";
import { databaseUnavailable } from "./unavailable";
import * as schema from "./schema";

export type Schema = typeof schema;
/** A database or an open transaction: every query in lib/ runs on one of these. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;

export interface DbHandle {
  db: Db;
  kind: "pglite" | "postgres";
  close(): Promise<void>;
}

/** How long a Postgres caller waits: for a pooled connection, and for one statement. */
export interface DbTimeouts {
  connectMs: number;
  queryMs: number;
}

const DEFAULT_TIMEOUTS: DbTimeouts = { connectMs: 2_000, queryMs: 5_000 };

export interface CreateDbOptions {
  databaseUrl?: string;
  pgliteDir: string;
  poolMax?: number;
  lockDir?: string;
  timeouts?: DbTimeouts;
  migrate?: boolean;
  /**
   * PGlite starts from this data directory (a `dumpDataDir()` image) instead of running initdb:
   * the service suite opens one database per file, and initdb was most of each one's 5–9 s.
   */
  pgliteImage?: Blob;
}

/**
 * The one client factory: a `pg` pool when a URL is given, else PGlite (Postgres in WASM)
 * in `pgliteDir` (a directory, or "memory://" for tests). PGlite is migrated on open. A real
 * database is migrated here too when `migrate` is set (one instance at a time, under an
 * advisory lock), and either way must not be older than the code (`SchemaBehindError`).
 * With `lockDir`, PGlite opens only after taking that directory's exclusive lock (see `lockDataDir`).
 */
export async function createDb(options: CreateDbOptions): Promise<DbHandle> {
  if (options.databaseUrl) {
    await prepareSchema(options.databaseUrl, options.migrate ?? false, (options.timeouts ?? DEFAULT_TIMEOUTS).connectMs);
    const pool = createPool(options.databaseUrl, options.poolMax ?? 10, options.timeouts ?? DEFAULT_TIMEOUTS);
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return { db, kind: "postgres", close: () => pool.end() };
  }
  const lock = options.lockDir ? lockDataDir(options.lockDir) : undefined;
  try {
    // Loaded only when embedded: a hosted deployment never loads PGlite, and on Vercel it is
    // left out of the functions entirely (next.config.ts, outputFileTracingExcludes).
    const [{ PGlite }, { drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all([
      import("@electric-sql/pglite"),
      import("drizzle-orm/pglite"),
      import("drizzle-orm/pglite/migrator"),
    ]);
    const client = await PGlite.create(options.pgliteDir, options.pgliteImage ? { loadDataDir: options.pgliteImage } : {});
    const db = drizzlePglite(client, { schema });
    await migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER });
    if (!options.pgliteDir.includes("://")) chmodSync(options.pgliteDir, 0o700);
    return {
      db: db as unknown as Db,
      kind: "pglite",
      close: async () => {
        await client.close();
        lock?.release();
      },
    };
  } catch (err) {
    lock?.release();
    throw err;
  }
}

/**
 * A pool whose every wait is bounded, so a database that is down, frozen or saturated gives
 * errors (answered as 503, lib/db/unavailable.ts) instead of requests that hang: the server
 * cancels a statement at `queryMs`, the client gives up a second later if no reply comes at
 * all, and a transaction left idle is ended by the server. PGlite runs in-process and needs none.
 */
function createPool(connectionString: string, max: number, timeouts: DbTimeouts): Pool {
  const pool = new Pool({
    connectionString,
    max,
    connectionTimeoutMillis: timeouts.connectMs,
    statement_timeout: timeouts.queryMs,
    query_timeout: timeouts.queryMs + 1_000,
    idle_in_transaction_session_timeout: timeouts.queryMs * 2,
  });
  // An idle connection the server drops (restart, failover) is emitted here; unheard, it
  // would crash the process. The pool replaces it on the next checkout.
  pool.on("error", (err) => log("warn", "postgres idle connection lost", { error: err.message }));
  return pool;
}

/**
 * Migrates (when asked) and checks the schema before serving. A database that cannot be
 * reached does not stop the start: requests answer 503 until it is back, as for any outage
 * (the schema is then not checked by this instance). A reachable one that is behind does.
 */
async function prepareSchema(databaseUrl: string, migrate: boolean, connectMs: number): Promise<void> {
  try {
    if (migrate) await migrateDatabase(databaseUrl, connectMs);
    await assertSchemaCurrent(databaseUrl, connectMs);
  } catch (err) {
    if (!databaseUnavailable(err)) throw err;
    log("error", "database unreachable at start: schema not migrated or checked", { error: (err as Error).message });
  }
}
