import { sha256Hex } from "../crypto";
import type { Tx, Db } from "../db";
import { apiKeys } from "../db/schema";
import { newId } from "../ids";
import { displayKey, newKeyValue, type KeyKind, type KeyMode } from "./key-format";
import { keyView, type KeyView } from "./views";

export interface MintKeyInput {
  tenantId: string;
  name: string | null;
  kind: KeyKind;
  mode: KeyMode;
  now: Date;
}

/**
 * Generates a key value and stores only its SHA-256 and display form; the full value is
 * returned to the caller once and cannot be recovered later. Used by signup and by
 * `createKey`.
 */
export async function mintKey(db: Db | Tx, input: MintKeyInput): Promise<{ key: KeyView; secret: string }> {
  const secret = newKeyValue(input.kind, input.mode);
  const [row] = await db
    .insert(apiKeys)
    .values({
      id: newId("apiKey"),
      tenantId: input.tenantId,
      name: input.name,
      kind: input.kind,
      mode: input.mode,
      keyHash: sha256Hex(secret),
      display: displayKey(input.kind, secret),
      createdAt: input.now,
    })
    .returning();
  return { key: keyView(row), secret };
}
