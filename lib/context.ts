import { now as clockNow } from "./clock";
import type { Config } from "./config";
import type { Db } from "./db";
import { defer as deferAfterResponse } from "./defer";
import type { RateLimiter } from "./ratelimit/types";
import type { Services } from "./services";
import type { BlobStore } from "./storage/types";

/**
 * What every domain verb is given, and the one way verbs are called: `verb({ ctx, ...input })`.
 * `route()` builds it per request, the scheduler per run, and the bench and tests the same
 * way (`contextFor`). Helpers that run inside a caller's transaction take `(tx, ...)` instead.
 */
export interface Ctx {
  config: Config;
  db: Db;
  storage: BlobStore;
  rateLimiter: RateLimiter;
  /** The operation's clock reading: one instant for every check it makes. */
  now: Date;
  /** Runs `task` once the operation has answered (after the response, in a request); failures are logged. */
  defer(task: () => Promise<unknown>): void;
}

/** A context over the process's adapters, read at `now` (the clock's current reading by default). */
export function contextFor(services: Services, options: { now?: Date } = {}): Ctx {
  const { config, db, storage, rateLimiter } = services;
  return { config, db, storage, rateLimiter, now: options.now ?? clockNow(), defer: deferAfterResponse };
}
