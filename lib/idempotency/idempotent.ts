import { and, eq, isNull, lt } from "drizzle-orm";
import type { Ctx } from "../context";
import { sha256Hex } from "../crypto";
import { schema } from "../db";
import { ApiError } from "../errors";
import { errorFields, log } from "../log";
import { canonicalJson } from "./canonical-json";

/** A key's answer is kept, and a repeat of its request answered from it, for a day. */
export const KEY_TTL_MS = 24 * 3600_000;
/** A repeat that arrives while the first request is still working waits this long for its answer. */
const WAIT_FOR_FIRST_MS = 10_000;
const POLL_MS = 50;
/** A key still working after this long belongs to a request that died mid-way: the next repeat takes it over. */
const ABANDONED_MS = 60_000;

export interface Answer {
  status: number;
  body: unknown;
}

export interface IdempotentCall {
  ctx: Pick<Ctx, "db" | "now">;
  tenantId: string;
  /** `POST /v1/sessions`: a key is scoped to one tenant and one endpoint. */
  endpoint: string;
  /** The `Idempotency-Key` header. */
  key: string;
  /** The validated request (body, and anything else that changes the work): its fingerprint must match on a repeat. */
  request: unknown;
}

const k = schema.idempotencyKeys;

/**
 * Does `work` once per key, the way Stripe's idempotency keys behave:
 * - the first request with a key claims it (one insert; concurrent ones conflict) and works;
 *   a 2xx answer is recorded, anything else (an error, a 4xx) lets go of the key so a retry
 *   works again;
 * - a repeat with the same request gets the recorded answer (`replayed`), without the work;
 *   one that arrives while the first is working waits up to 10 s for it, then `409
 *   idempotency_key_in_use`;
 * - the same key with a different request is `409 idempotency_key_reused`;
 * - after 24 h the key is forgotten (the scheduled run deletes it).
 * The answer is recorded after the work's own transaction commits: if the process dies
 * between the two, the key stays claimed for a minute and the next repeat does the work again.
 */
export async function idempotent(call: IdempotentCall, work: () => Promise<Answer>): Promise<Answer & { replayed: boolean }> {
  const requestHash = sha256Hex(canonicalJson(call.request));
  const waitUntil = performance.now() + WAIT_FOR_FIRST_MS;
  for (;;) {
    if (await claim(call, requestHash)) return { ...(await workAndRecord(call, work)), replayed: false };
    const row = await find(call);
    if (!row) continue; // the first request let go of the key in between: claim it again
    if (row.requestHash !== requestHash) throw new ApiError("idempotency_key_reused");
    if (row.status !== null) return { status: row.status, body: JSON.parse(row.response ?? "null"), replayed: true };
    if (row.createdAt.getTime() < call.ctx.now.getTime() - ABANDONED_MS && (await takeOver(call, row.createdAt))) {
      return { ...(await workAndRecord(call, work)), replayed: false };
    }
    if (performance.now() >= waitUntil) throw new ApiError("idempotency_key_in_use");
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

const rowOf = (call: IdempotentCall) => and(eq(k.tenantId, call.tenantId), eq(k.endpoint, call.endpoint), eq(k.key, call.key));

/**
 * Inserts the key as working; false when it is already there. A key past its day is taken
 * over in the same statement (its row overwritten as a fresh claim), which is what deleting
 * it first and inserting would do, in one round trip.
 */
async function claim(call: IdempotentCall, requestHash: string): Promise<boolean> {
  const { db, now } = call.ctx;
  const inserted = await db
    .insert(k)
    .values({ tenantId: call.tenantId, endpoint: call.endpoint, key: call.key, requestHash, createdAt: now })
    .onConflictDoUpdate({
      target: [k.tenantId, k.endpoint, k.key],
      set: { requestHash, status: null, response: null, createdAt: now },
      setWhere: lt(k.createdAt, new Date(now.getTime() - KEY_TTL_MS)),
    })
    .returning({ key: k.key });
  return inserted.length === 1;
}

async function find(call: IdempotentCall) {
  const [row] = await call.ctx.db.select().from(k).where(rowOf(call));
  return row ?? null;
}

/** Claims a key its first request abandoned; only one of several repeats succeeds. */
async function takeOver(call: IdempotentCall, claimedAt: Date): Promise<boolean> {
  const taken = await call.ctx.db
    .update(k)
    .set({ createdAt: call.ctx.now })
    .where(and(rowOf(call), isNull(k.status), eq(k.createdAt, claimedAt)))
    .returning({ key: k.key });
  return taken.length === 1;
}

async function workAndRecord(call: IdempotentCall, work: () => Promise<Answer>): Promise<Answer> {
  let answer: Answer;
  try {
    answer = await work();
  } catch (err) {
    await letGo(call);
    throw err;
  }
  if (answer.status >= 300) {
    await letGo(call);
    return answer;
  }
  try {
    await call.ctx.db.update(k).set({ status: answer.status, response: JSON.stringify(answer.body) }).where(rowOf(call));
  } catch (err) {
    // The work is done and answered; a repeat within the next minute waits, after that it works again.
    log("error", "idempotency answer not recorded", { endpoint: call.endpoint, ...errorFields(err) });
  }
  return answer;
}

async function letGo(call: IdempotentCall): Promise<void> {
  await call.ctx.db
    .delete(k)
    .where(and(rowOf(call), isNull(k.status)))
    .catch((err: unknown) => log("error", "idempotency key not released", { endpoint: call.endpoint, ...errorFields(err) }));
}

/** The scheduled run's step: deletes keys past their day. Returns how many. */
export async function expireIdempotencyKeys({ ctx }: { ctx: Pick<Ctx, "db" | "now"> }): Promise<number> {
  const gone = await ctx.db
    .delete(k)
    .where(lt(k.createdAt, new Date(ctx.now.getTime() - KEY_TTL_MS)))
    .returning({ key: k.key });
  return gone.length;
}
