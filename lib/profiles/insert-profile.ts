import type { Db, Tx } from "../db";
import { scannerProfiles } from "../db/schema";
import { newId } from "../ids";
import type { ScannerSettings } from "../scanner-settings";
import { profileView, type ProfileView } from "./views";

/** Stores a profile whose settings are already complete and validated. */
export async function insertProfile(db: Db | Tx, p: { tenantId: string; name: string; settings: ScannerSettings; now: Date }): Promise<ProfileView> {
  const [row] = await db
    .insert(scannerProfiles)
    .values({ id: newId("profile"), tenantId: p.tenantId, name: p.name, settings: p.settings, createdAt: p.now, updatedAt: p.now })
    .returning();
  return profileView(row);
}
