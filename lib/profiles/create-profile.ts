import type { Ctx } from "../context";
import { PLATFORM_DEFAULTS } from "../scanner-settings";
import { insertProfile } from "./insert-profile";
import { nameTakenBy, withUniqueName } from "./internal";
import { CreateProfileInput, parseProfileInput } from "./schemas";
import type { ProfileView } from "./views";

/** Creates a named profile; its settings start from the platform defaults with `scanner` applied. */
export async function createProfile({ ctx, tenantId, body }: { ctx: Ctx; tenantId: string; body: unknown }): Promise<ProfileView> {
  const { db, now } = ctx;
  const { input, settings } = await parseProfileInput(CreateProfileInput, body, PLATFORM_DEFAULTS, nameTakenBy(db, tenantId));
  return withUniqueName(() => insertProfile(db, { tenantId, name: input.name, settings: settings ?? PLATFORM_DEFAULTS, now }));
}
