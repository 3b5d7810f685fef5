import type { Config } from "../config";
import type { Db } from "../db";
import { sessions, type SessionCreator } from "../db/schema";
import { ApiError } from "../errors";
import { newId } from "../ids";
import type { ScannerSettings } from "../scanner-settings";
import { createdView } from "./views";

export interface NewSession {
  tenantId: string;
  /** The tenant's balance as just read (nothing is debited here, so no lock is needed). */
  balance: number;
  mode: "test" | "live";
  metadata: Record<string, unknown>;
  scanner: ScannerSettings;
  profileId: string | null;
  allowedOrigins: string[];
  callbackUrl: string | null;
  createdWith: SessionCreator;
  now: Date;
}

/**
 * Inserts a `created` session after checking the balance (at least 1 credit; nothing is
 * debited: the credit moves when a document is produced). Shared by `POST /v1/sessions`
 * and the dashboard preview. Returns the creation view with the client token.
 */
export async function insertSession(services: { config: Config; db: Db }, s: NewSession) {
  const { balance } = s;
  if (balance < 1) {
    throw new ApiError("insufficient_credits", { message: `A session costs 1 credit; your balance is ${balance}. Top up to open new sessions.` });
  }
  const [session] = await services.db
    .insert(sessions)
    .values({
      id: newId("session"),
      tenantId: s.tenantId,
      mode: s.mode,
      status: "created",
      metadata: s.metadata,
      scanner: s.scanner as unknown as Record<string, unknown>,
      profileId: s.profileId,
      allowedOrigins: s.allowedOrigins,
      callbackUrl: s.callbackUrl,
      createdWith: s.createdWith,
      createdAt: s.now,
      expiresAt: new Date(s.now.getTime() + services.config.sessionTtlMs),
    })
    .returning();
  return createdView(services.config, session);
}
