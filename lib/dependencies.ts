/**
 * What an adapter reports when the service it talks to is down or too slow: the database,
 * the rate-limit store or the object store. The HTTP layer answers it with
 * `503 service_unavailable` and `Retry-After`; nothing else about the outage leaks out.
 */
export type Dependency = "database" | "rate_limit" | "storage";

/** Seconds a caller is told to wait (`Retry-After`) before repeating a request. */
export const RETRY_AFTER_SECONDS = 5;

/** Branded like ApiError: Next bundles this module more than once, so class identity fails across copies. */
const BRAND = Symbol.for("docscan.DependencyUnavailable");

export class DependencyUnavailable extends Error {
  static [Symbol.hasInstance](value: unknown): boolean {
    return typeof value === "object" && value !== null && (value as Record<symbol, unknown>)[BRAND] === true;
  }

  readonly [BRAND] = true;

  constructor(
    readonly dependency: Dependency,
    readonly reason: "unreachable" | "timed_out",
    options?: { cause?: unknown },
  ) {
    super(`${dependency} ${reason === "timed_out" ? "timed out" : "unreachable"}`, options);
  }
}

/** Settles like `work`, or rejects with `timed_out` after `ms`; the work itself is not cancelled. */
export async function withDeadline<T>(work: Promise<T>, ms: number, dependency: Dependency): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new DependencyUnavailable(dependency, "timed_out")), ms);
  });
  try {
    return await Promise.race([work, deadline]);
  } finally {
    clearTimeout(timer);
  }
}

/** Network-level failures, as Node and the drivers report them, that mean "the other side is not there". */
const UNREACHABLE_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE", "EHOSTUNREACH", "ENETUNREACH", "EAI_AGAIN", "ENOTFOUND"]);

/** The error and its causes, outermost first (drivers and drizzle wrap the socket's error). */
export function* errorChain(err: unknown): Generator<Record<string, unknown>> {
  for (let e = err, depth = 0; typeof e === "object" && e !== null && depth < 8; depth++) {
    const record = e as Record<string, unknown>;
    yield record;
    if (Array.isArray(record.errors)) for (const inner of record.errors) yield* errorChain(inner);
    e = record.cause;
  }
}

export function isNetworkFailure(err: unknown): boolean {
  for (const e of errorChain(err)) if (typeof e.code === "string" && UNREACHABLE_CODES.has(e.code)) return true;
  return false;
}
