import { DependencyUnavailable, errorChain, isNetworkFailure } from "../dependencies";

/** Local-disk failures that are the disk's state, not the request's: full, over quota, read-only, failing. */
const DISK_CODES = new Set(["ENOSPC", "EDQUOT", "EROFS", "EIO"]);

/**
 * A storage failure as a `DependencyUnavailable`, or null when `err` is anything else: a full
 * or failing disk, an unreachable or timed-out S3 endpoint, or an S3 5xx (including SlowDown).
 */
export function storageUnavailable(err: unknown): DependencyUnavailable | null {
  if (err instanceof DependencyUnavailable) return err.dependency === "storage" ? err : null;
  for (const e of errorChain(err)) {
    if (typeof e.code === "string" && DISK_CODES.has(e.code)) return new DependencyUnavailable("storage", "unreachable", { cause: err });
    if (e.name === "TimeoutError" || e.code === "ETIMEDOUT") return new DependencyUnavailable("storage", "timed_out", { cause: err });
    const status = (e.$metadata as { httpStatusCode?: number } | undefined)?.httpStatusCode;
    if (typeof status === "number" && status >= 500) return new DependencyUnavailable("storage", "unreachable", { cause: err });
  }
  return isNetworkFailure(err) ? new DependencyUnavailable("storage", "unreachable", { cause: err }) : null;
}
