import type { Db } from "../db";
import { PLATFORM_DEFAULTS } from "../scanner-settings";
import { insertProfile } from "./insert-profile";
import { withUniqueName } from "./internal";
import { CreateProfileInput, parseProfileInput } from "./schemas";
import type { ProfileView } from "./views";

/** Creates a named profile; its settings start from the platform defaults with `scanner` applied. */
export async function createProfile({ db, tenantId, body, now }: { db: Db; tenantId: string; body: unknown; now: Date }): Promise<ProfileView> {
  const { input, settings } = parseProfileInput(CreateProfileInput, body, PLATFORM_DEFAULTS);
  return withUniqueName(() => insertProfile(db, { tenantId, name: input.name, settings: settings ?? PLATFORM_DEFAULTS, now }));
}
