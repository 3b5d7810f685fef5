import type { Ctx } from "../context";
import { withTx } from "../db";
import { invalidRequest } from "../errors";
import { lockAllowlist, originOrThrow, saveAllowlist } from "./internal";

/**
 * Adds the origin `domain` names to the allowlist. The read-modify-write runs with the
 * tenant row locked, so concurrent adds never lose an entry. A duplicate is
 * `400 invalid_request` (`fields.domain`) and leaves the list as it was.
 */
export async function addDomain({ ctx, tenantId, domain }: { ctx: Ctx; tenantId: string; domain: string }): Promise<string[]> {
  const { db } = ctx;
  const origin = originOrThrow(domain);
  return withTx(db, async (tx) => {
    const origins = await lockAllowlist(tx, tenantId);
    if (origins.includes(origin)) throw invalidRequest({ domain: `${origin} is already on the allowlist` });
    const next = [...origins, origin];
    await saveAllowlist(tx, tenantId, next);
    return next;
  });
}
