import { ApiError } from "../errors";

/** Seconds a refused upload is told to wait: one in-flight upload of a typical scan. */
const RETRY_AFTER_SECONDS = 2;

let inFlight = 0;

/**
 * Runs an upload (one-step or blob PUT) in one of this process's `MAX_CONCURRENT_UPLOADS`
 * slots. Past the bound it answers `503 service_unavailable` with `Retry-After` before a
 * byte of the body is read, so slow or hostile clients can hold at most that many bodies'
 * worth of memory and sockets.
 */
export async function withUploadSlot<T>(max: number, upload: () => Promise<T>): Promise<T> {
  if (inFlight >= max) {
    throw new ApiError("service_unavailable", {
      message: `Too many uploads in progress on this server; retry after ${RETRY_AFTER_SECONDS} seconds.`,
      headers: { "Retry-After": String(RETRY_AFTER_SECONDS) },
    });
  }
  inFlight++;
  try {
    return await upload();
  } finally {
    inFlight--;
  }
}
