import type { Db } from "../db";
import { mintKey } from "./mint-key";
import type { CreateKeyInput } from "./schemas";
import type { KeyView } from "./views";

/** Creates an API key; the full value (`secret`) is in this answer only. */
export async function createKey({ db, tenantId, input, now }: { db: Db; tenantId: string; input: CreateKeyInput; now: Date }): Promise<{ key: KeyView; secret: string }> {
  return mintKey(db, { tenantId, name: input.name || null, kind: input.kind, mode: input.mode, now });
}
