import path from "node:path";
import { config as loadedConfig, type Config } from "./config";
import { createDb, type Db, type DbHandle } from "./db";
import { createRateLimiter } from "./ratelimit";
import type { RateLimiter } from "./ratelimit/types";
import { createBlobStore } from "./storage";
import type { BlobStore } from "./storage/types";

/** The adapters every request uses, built from the configuration once per process. */
export interface Services {
  config: Config;
  db: Db;
  storage: BlobStore;
  rateLimiter: RateLimiter;
  close(): Promise<void>;
}

export async function buildServices(config: Config, options: { pgliteDir?: string; pgliteImage?: Blob } = {}): Promise<Services> {
  const handle: DbHandle = await createDb({
    pgliteImage: options.pgliteImage,
    databaseUrl: config.databaseUrl,
    timeouts: config.timeouts.db,
    poolMax: config.dbPoolMax,
    migrate: config.migrateOnStart,
    pgliteDir: options.pgliteDir ?? path.join(config.dataDir, "pg"),
    // The embedded store on disk belongs to one process (tests use memory:// and no lock).
    lockDir: options.pgliteDir ? undefined : config.dataDir,
  });
  const rateLimiter = createRateLimiter(config);
  const storage = await createBlobStore(config);
  // Holding DATA_DIR's lock proves no other process writes there: every temp file left is
  // from a write a killed process never finished.
  if (!config.databaseUrl && !options.pgliteDir) await storage.removeStaleTemp?.(new Date());
  return {
    config,
    db: handle.db,
    storage,
    rateLimiter,
    async close() {
      await rateLimiter.close?.();
      await handle.close();
    },
  };
}

// Kept on globalThis so Next's dev-mode module reloads reuse one database handle.
const holder = globalThis as typeof globalThis & { __docscanServices?: Promise<Services> };

/** The process-wide services, built on first use. */
export function services(): Promise<Services> {
  holder.__docscanServices ??= buildServices(loadedConfig()).catch((err) => {
    holder.__docscanServices = undefined;
    throw err;
  });
  return holder.__docscanServices;
}

/** Test hook: install (or clear) the process-wide services. */
export function setServicesForTests(next: Services | undefined): void {
  holder.__docscanServices = next ? Promise.resolve(next) : undefined;
}
