import type { Ctx } from "../context";
import { withTx } from "../db";
import { ApiError } from "../errors";
import { lockAllowlist, originOrThrow, saveAllowlist } from "./internal";

/** Removes the origin `domain` normalises to; `404 not_found` when it is not on the list. */
export async function removeDomain({ ctx, tenantId, domain }: { ctx: Ctx; tenantId: string; domain: string }): Promise<string[]> {
  const { db } = ctx;
  const origin = originOrThrow(domain);
  return withTx(db, async (tx) => {
    const origins = await lockAllowlist(tx, tenantId);
    if (!origins.includes(origin)) throw new ApiError("not_found", { message: `${origin} is not on the allowlist.` });
    const next = origins.filter((o) => o !== origin);
    await saveAllowlist(tx, tenantId, next);
    return next;
  });
}
