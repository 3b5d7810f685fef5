/**
 * Counts what one request sends to the database and the rate-limit store, on
 * either backend. A database round trip is one statement the driver sends: on Postgres each
 * `pg` Client query (a transaction's BEGIN and COMMIT count as statements of their own), on
 * PGlite each statement its exclusive query queue runs (BEGIN/COMMIT included the same way).
 * A rate-limit round trip is one `RateLimiter.hit` (one Redis call with TEST_REDIS_URL).
 * Deferred work the request starts (`ctx.defer`) is awaited and counted with it.
 */
import { flushDeferred } from "@/lib/defer";
import type { Services } from "@/lib/services";

export interface RoundTrips {
  /** Statements sent to the database, BEGIN and COMMIT included. */
  statements: number;
  /** Transactions begun (BEGIN statements). */
  transactions: number;
  /** Calls to the rate-limit store. */
  rateLimit: number;
  /** The statements' text where the driver shows it (Postgres), for failure messages. */
  texts: string[];
}

type QueryFn = (...args: unknown[]) => unknown;

/** Installs the counters on the services' database client and rate limiter; `measure` counts one call. */
export function roundTripCounter(services: Services) {
  let counting = false;
  let seen: RoundTrips = { statements: 0, transactions: 0, rateLimit: 0, texts: [] };
  const record = (text: string | undefined) => {
    if (!counting) return;
    seen.statements++;
    if (text && /^\s*begin\b/i.test(text)) seen.transactions++;
    if (text) seen.texts.push(text.slice(0, 120));
  };

  const client = (services.db as unknown as { $client: unknown }).$client as Record<string, unknown>;
  if (typeof client.connect === "function" && typeof client.totalCount === "number") {
    // A pg Pool: every statement, pooled or in a transaction's client, goes through Client#query.
    const proto = (client.Client as { prototype: Record<string, QueryFn> }).prototype;
    const original = proto.query;
    if (!(original as { counted?: boolean }).counted) {
      const wrapped: QueryFn = function (this: unknown, ...args: unknown[]) {
        const first = args[0] as string | { text?: string } | undefined;
        record(typeof first === "string" ? first : first?.text);
        return original.apply(this, args);
      };
      (wrapped as { counted?: boolean }).counted = true;
      proto.query = wrapped;
    }
  } else {
    // PGlite: each statement (query, exec, BEGIN, COMMIT) runs as one job of its exclusive queue.
    const pglite = client as { _runExclusiveQuery: QueryFn; transaction: QueryFn };
    const runExclusive = pglite._runExclusiveQuery;
    pglite._runExclusiveQuery = function (this: unknown, ...args: unknown[]) {
      record(undefined);
      return runExclusive.apply(this, args);
    };
    const transaction = pglite.transaction;
    pglite.transaction = function (this: unknown, ...args: unknown[]) {
      if (counting) seen.transactions++;
      return transaction.apply(this, args);
    };
  }
  const limiter = services.rateLimiter;
  const hit = limiter.hit.bind(limiter);
  limiter.hit = (...args) => {
    if (counting) seen.rateLimit++;
    return hit(...args);
  };

  return {
    /** Runs `fn` (one request) and its deferred work; what it sent. */
    async measure<T>(fn: () => Promise<T>): Promise<{ result: T; trips: RoundTrips }> {
      await flushDeferred();
      seen = { statements: 0, transactions: 0, rateLimit: 0, texts: [] };
      counting = true;
      try {
        const result = await fn();
        await flushDeferred();
        return { result, trips: seen };
      } finally {
        counting = false;
      }
    },
  };
}
