import type { Config } from "../config";
import { ApiError } from "../errors";
import { isPoolBusy, SlotPool } from "./slot-pool";

/**
 * The two admission pools of this process. `credentialed`: uploads whose credential was
 * checked before they asked (the `X-Client-Token` header, a blob URL's signature and
 * session), `MAX_CONCURRENT_UPLOADS` slots. `anonymous`: one-step uploads that carry their
 * token in the body, a quarter as many slots, held only until the body shows a valid token,
 * which then moves the request to the credentialed pool. Stalled anonymous bodies thus
 * cannot take the slots that checked uploads use.
 */
export type UploadPool = "credentialed" | "anonymous";

/** How long the body may fall silent: a phone on a poor link pauses; a stalled attacker is cut. */
export const UPLOAD_IDLE_MS: Record<UploadPool, number> = { credentialed: 15_000, anonymous: 5_000 };
/** How long a body that carries its token may take to show it. */
export const TOKEN_WITHIN_MS = 10_000;
/** How long a request may wait in a pool's queue for a slot: about a few uploads' time. */
const QUEUE_WAIT_MS = 5_000;
/** Seconds a refused upload is told to wait. */
const RETRY_AFTER_SECONDS = 2;

type Pools = Record<UploadPool, SlotPool>;

// Next bundles this module once per route (the upload and the blob PUT): one registry per process.
const REGISTRY = Symbol.for("docscan.uploadPools");
const registry = globalThis as unknown as { [REGISTRY]?: Map<number, Pools> };

function poolsFor(slots: number): Pools {
  const all = (registry[REGISTRY] ??= new Map());
  let pools = all.get(slots);
  if (!pools) {
    const anonymous = Math.max(2, Math.ceil(slots / 4));
    // Queues four times the pool: a burst of phones is served in turn, and a waiting request
    // holds a socket and no body bytes.
    pools = { credentialed: new SlotPool(slots, slots * 4, QUEUE_WAIT_MS), anonymous: new SlotPool(anonymous, slots * 4, QUEUE_WAIT_MS) };
    all.set(slots, pools);
  }
  return pools;
}

/**
 * A slot of `pool` for this upload, waiting in its queue if need be; resolves with the release
 * function. A full queue or a wait that runs out is `503 service_unavailable` with
 * `Retry-After`, answered before a byte of the body is read.
 */
export async function takeUploadSlot(config: Pick<Config, "maxConcurrentUploads">, pool: UploadPool): Promise<() => void> {
  try {
    return await poolsFor(config.maxConcurrentUploads)[pool].acquire();
  } catch (err) {
    if (!isPoolBusy(err)) throw err;
    throw new ApiError("service_unavailable", {
      message: `Too many uploads in progress on this server; retry after ${RETRY_AFTER_SECONDS} seconds.`,
      headers: { "Retry-After": String(RETRY_AFTER_SECONDS) },
    });
  }
}

/** `takeUploadSlot`, held while `upload` runs. */
export async function withUploadSlot<T>(config: Pick<Config, "maxConcurrentUploads">, pool: UploadPool, upload: () => Promise<T>): Promise<T> {
  const release = await takeUploadSlot(config, pool);
  try {
    return await upload();
  } finally {
    release();
  }
}
