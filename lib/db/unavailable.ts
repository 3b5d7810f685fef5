import { DependencyUnavailable, errorChain, isNetworkFailure } from "../dependencies";

/**
 * SQLSTATEs that mean the database could not do the work now rather than that the query is
 * wrong: connection exceptions (08), too many connections and out of resources (53),
 * statement timeout or cancel (57014) and server shutdown (57P01–57P03).
 */
const UNAVAILABLE_STATE = /^(08...|53...|57014|57P0[1-3])$/;

/**
 * What node-postgres and pg-pool say when a connection cannot be had or a reply never came
 * ("timeout expired" is a single Client's `connectionTimeoutMillis`, as at start-up's schema check).
 */
const UNAVAILABLE_MESSAGE = /timeout exceeded when trying to connect|timeout expired|Connection terminated|Query read timeout|Client has encountered a connection error/i;

/** The database failure as a `DependencyUnavailable`, or null when `err` is anything else. */
export function databaseUnavailable(err: unknown): DependencyUnavailable | null {
  if (err instanceof DependencyUnavailable) return err.dependency === "database" ? err : null;
  for (const e of errorChain(err)) {
    const state = typeof e.code === "string" ? e.code : "";
    const message = typeof e.message === "string" ? e.message : "";
    if (UNAVAILABLE_STATE.test(state)) return new DependencyUnavailable("database", state === "57014" ? "timed_out" : "unreachable", { cause: err });
    if (UNAVAILABLE_MESSAGE.test(message)) return new DependencyUnavailable("database", /timeout/i.test(message) ? "timed_out" : "unreachable", { cause: err });
  }
  return isNetworkFailure(err) ? new DependencyUnavailable("database", "unreachable", { cause: err }) : null;
}
