import type { InferSelectModel } from "drizzle-orm";
import type { apiKeys } from "../db/schema";

export interface KeyView {
  id: string;
  name: string | null;
  kind: string;
  mode: string;
  display: string;
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
}

/** A key as the console lists it: `display` only (the full secret is never stored). */
export function keyView(k: InferSelectModel<typeof apiKeys>): KeyView {
  return {
    id: k.id,
    name: k.name,
    kind: k.kind,
    mode: k.mode,
    display: k.display,
    created_at: k.createdAt.toISOString(),
    last_used_at: k.lastUsedAt?.toISOString() ?? null,
    revoked_at: k.revokedAt?.toISOString() ?? null,
  };
}
