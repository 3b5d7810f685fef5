import { eq } from "drizzle-orm";
import type { Ctx } from "../context";
import { withTx } from "../db";
import { isUniqueViolation } from "../db/unique-violation";
import { tenants, users } from "../db/schema";
import { appendLedgerEntry } from "../credits/append-ledger";
import { ApiError } from "../errors";
import { newId } from "../ids";
import { mintKey } from "../keys/mint-key";
import { insertProfile } from "../profiles/insert-profile";
import { PLATFORM_DEFAULTS } from "../scanner-settings";
import { newWebhookSecret } from "../webhooks/webhook-secret";
import { startConsoleSession } from "./console-session";
import { hashPassword } from "./password";
import type { SignupInput } from "./schemas";
import { throttleAuth } from "./throttle";
import { tenantView, userView, type TenantView, type UserView } from "./views";

export const SIGNUP_GRANT = 250;
export const DEFAULT_PROFILE_NAME = "Default";

export interface SignupResult {
  user: UserView;
  tenant: TenantView;
  /** The new console session's cookie value. */
  sessionToken: string;
  /** The test secret key made at signup, in full: the one time it exists outside its hash. */
  secretKey: string;
}

/**
 * Creates an account in one transaction: tenant (plan `free`), user, a publishable and a
 * secret test key (its value answered once), the 250-credit grant, the default scanner profile, the webhook secret
 * and a console session. The unique index on `lower(email)` decides concurrent signups
 * for one address: exactly one commits, the others get `409 email_taken`.
 */
export async function signup({ ctx, input, clientAddress }: { ctx: Ctx; input: SignupInput; clientAddress: string | null }): Promise<SignupResult> {
  const { db, now } = ctx;
  await throttleAuth(ctx.rateLimiter, { action: "signup", ip: clientAddress }, now.getTime());
  const passwordHash = await hashPassword(input.password);
  try {
    return await withTx(db, async (tx) => {
      const tenantId = newId("tenant");
      const [tenant] = await tx
        .insert(tenants)
        .values({ id: tenantId, name: input.company ?? input.name ?? input.email, plan: "free", webhookSecret: newWebhookSecret(), createdAt: now })
        .returning();
      const [user] = await tx
        .insert(users)
        .values({ id: newId("user"), tenantId, email: input.email, name: input.name ?? null, passwordHash, createdAt: now })
        .returning();
      await mintKey(tx, { tenantId, name: "Test publishable key", kind: "publishable", mode: "test", now });
      const secret = await mintKey(tx, { tenantId, name: "Test secret key", kind: "secret", mode: "test", now });
      const profile = await insertProfile(tx, { tenantId, name: DEFAULT_PROFILE_NAME, settings: PLATFORM_DEFAULTS, now });
      await tx.update(tenants).set({ defaultProfileId: profile.id }).where(eq(tenants.id, tenantId));
      const { balanceAfter } = await appendLedgerEntry(tx, { tenantId, delta: SIGNUP_GRANT, reason: "signup_grant", now });
      const sessionToken = await startConsoleSession(tx, { userId: user.id, tenantId, now });
      return { user: userView(user), tenant: tenantView({ ...tenant, credits: balanceAfter }), sessionToken, secretKey: secret.secret };
    });
  } catch (err) {
    if (isUniqueViolation(err, "users_email_lower_key")) throw new ApiError("email_taken");
    throw err;
  }
}
