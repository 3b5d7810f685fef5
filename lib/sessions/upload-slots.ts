import type { Config } from "../config";
import { ApiError } from "../errors";
import { isPoolBusy, KeyedSlotPools, SlotPool } from "./slot-pool";

/**
 * The two admission pools of this process. `credentialed`: uploads whose credential was
 * checked before they asked (the `X-Client-Token` header, a blob URL's signature and
 * session), `MAX_CONCURRENT_UPLOADS` slots. `anonymous`: one-step uploads that carry their
 * token in the body, a quarter as many slots, held only until the body shows a valid token,
 * which then moves the request to the credentialed pool. Stalled anonymous bodies thus
 * cannot take the slots that checked uploads use. Within the credentialed pool, one session
 * holds at most one slot and one tenant at most its share, and every body must keep up a
 * minimum rate, so valid tokens that trickle cannot take the pool either.
 */
export type UploadPool = "credentialed" | "anonymous";

/** Whose upload a credentialed slot serves: the admission shares are kept per session and per tenant. */
export interface UploadOwner {
  sessionId: string;
  tenantId: string;
}

/** How long the body may fall silent: a phone on a poor link pauses; a stalled attacker is cut. */
export const UPLOAD_IDLE_MS: Record<UploadPool, number> = { credentialed: 15_000, anonymous: 5_000 };
/**
 * The slowest body an upload slot is held for: 16 KiB in every 10 s of waiting for it (about
 * 13 kbit/s, a weak 2G link). An idle cut alone let a client that drips a byte every few
 * seconds hold a slot until the server's request timeout.
 */
export const UPLOAD_MIN_RATE = { bytes: 16 * 1024, windowMs: 10_000 } as const;
/** How long a body that carries its token may take to show it. */
export const TOKEN_WITHIN_MS = 10_000;
/** How long a request may wait in the credentialed pool's queue for a slot: about a few uploads' time. */
const QUEUE_WAIT_MS = 5_000;
/**
 * The anonymous pool's queue waits as long as a tenant's: its few slots serve a burst of
 * one-step uploads two or four at a time, each until its token is read from the body and
 * checked against the database. On a loaded 2-core instance (embedded database) 32 phones
 * sending at once took longer than 5 s to pass that step, and the last were refused, their
 * connections reset mid-body. A waiting request holds a socket and no body bytes.
 */
const ANONYMOUS_QUEUE_WAIT_MS = 15_000;
/**
 * A session's and a tenant's queues wait longer: a burst of a tenant's own phones beyond its
 * share is served in turn (a waiting request holds a socket, no body bytes), while other
 * tenants pass it; uploads racing on one token are answered in turn.
 */
const TENANT_QUEUE_WAIT_MS = 15_000;
/** Seconds a refused upload is told to wait. */
const RETRY_AFTER_SECONDS = 2;

/**
 * The credentialed slots one tenant may hold at once on an instance: a quarter of them, so the
 * holders of one tenant's tokens (anyone with its publishable key can mint them) cannot keep
 * every other tenant's uploads out.
 */
export function tenantShare(slots: number): number {
  return Math.max(1, Math.ceil(slots / 4));
}

interface Pools {
  credentialed: SlotPool;
  anonymous: SlotPool;
  /** One upload in flight per session: its token can complete only once anyway. */
  session: KeyedSlotPools;
  tenant: KeyedSlotPools;
}

// Next bundles this module once per route (the upload and the blob PUT): one registry per process.
const REGISTRY = Symbol.for("docscan.uploadPools");
const registry = globalThis as unknown as { [REGISTRY]?: Map<number, Pools> };

/** Each instance-wide pool's slots held and requests queued now, for `maxConcurrentUploads` slots (tests wait on it). */
export function uploadPoolState(slots: number): Record<UploadPool, { held: number; queued: number }> {
  const { credentialed, anonymous } = poolsFor(slots);
  return { credentialed: { held: credentialed.held, queued: credentialed.queued }, anonymous: { held: anonymous.held, queued: anonymous.queued } };
}

/** The admission owner of a session row. */
export function ownerOf(session: { id: string; tenantId: string }): UploadOwner {
  return { sessionId: session.id, tenantId: session.tenantId };
}

function poolsFor(slots: number): Pools {
  const all = (registry[REGISTRY] ??= new Map());
  let pools = all.get(slots);
  if (!pools) {
    const anonymous = Math.max(2, Math.ceil(slots / 4));
    // Queues four times the pool: a burst of phones is served in turn, and a waiting request
    // holds a socket and no body bytes.
    pools = {
      credentialed: new SlotPool(slots, slots * 4, QUEUE_WAIT_MS),
      anonymous: new SlotPool(anonymous, slots * 4, ANONYMOUS_QUEUE_WAIT_MS),
      // A second upload of a session waits for the first, and is then told the token is spent
      // (409), as the spec has it; waiting, it holds a socket and no body bytes.
      session: new KeyedSlotPools(() => new SlotPool(1, slots * 4, TENANT_QUEUE_WAIT_MS)),
      tenant: new KeyedSlotPools(() => new SlotPool(tenantShare(slots), slots * 4, TENANT_QUEUE_WAIT_MS)),
    };
    all.set(slots, pools);
  }
  return pools;
}

function busy(what: string): ApiError {
  return new ApiError("service_unavailable", {
    message: `${what}; retry after ${RETRY_AFTER_SECONDS} seconds.`,
    headers: { "Retry-After": String(RETRY_AFTER_SECONDS) },
  });
}

async function acquire(take: () => Promise<() => void>, what: string): Promise<() => void> {
  try {
    return await take();
  } catch (err) {
    throw isPoolBusy(err) ? busy(what) : err;
  }
}

/**
 * A slot of `pool` for this upload, waiting in its queues if need be; resolves with the release
 * function. A credentialed slot is taken in three steps: the session's one slot, a slot of the
 * tenant's share, then one of the instance's. A full queue or a wait that runs out is
 * `503 service_unavailable` with `Retry-After`, answered before a byte of the body is read.
 */
export async function takeUploadSlot(config: Pick<Config, "maxConcurrentUploads">, pool: "anonymous"): Promise<() => void>;
export async function takeUploadSlot(config: Pick<Config, "maxConcurrentUploads">, pool: "credentialed", owner: UploadOwner): Promise<() => void>;
export async function takeUploadSlot(config: Pick<Config, "maxConcurrentUploads">, pool: UploadPool, owner?: UploadOwner): Promise<() => void> {
  const pools = poolsFor(config.maxConcurrentUploads);
  const instanceBusy = "Too many uploads in progress on this server";
  if (pool === "anonymous" || !owner) return acquire(() => pools[pool].acquire(), instanceBusy);
  const held: (() => void)[] = [];
  const releaseAll = () => held.splice(0).reverse().forEach((release) => release());
  try {
    held.push(await acquire(() => pools.session.acquire(owner.sessionId), "Another upload for this session is still in progress"));
    held.push(await acquire(() => pools.tenant.acquire(owner.tenantId), "Too many uploads for this account in progress on this server"));
    held.push(await acquire(() => pools.credentialed.acquire(), instanceBusy));
  } catch (err) {
    releaseAll();
    throw err;
  }
  return releaseAll;
}

/** `takeUploadSlot` for a credentialed upload, held while `upload` runs. */
export async function withUploadSlot<T>(config: Pick<Config, "maxConcurrentUploads">, owner: UploadOwner, upload: () => Promise<T>): Promise<T> {
  const release = await takeUploadSlot(config, "credentialed", owner);
  try {
    return await upload();
  } finally {
    release();
  }
}
