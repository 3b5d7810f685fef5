import type { Ctx } from "../context";
import { mintKey } from "./mint-key";
import type { CreateKeyInput } from "./schemas";
import type { KeyView } from "./views";

/** Creates an API key; the full value (`secret`) is in this answer only. */
export async function createKey({ ctx, tenantId, input }: { ctx: Ctx; tenantId: string; input: CreateKeyInput }): Promise<{ key: KeyView; secret: string }> {
  return mintKey(ctx.db, { tenantId, name: input.name || null, kind: input.kind, mode: input.mode, now: ctx.now });
}
