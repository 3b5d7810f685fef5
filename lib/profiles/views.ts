import type { InferSelectModel } from "drizzle-orm";
import type { scannerProfiles } from "../db/schema";
import { storedSettings, type ScannerSettings } from "../scanner-settings";

export interface ProfileView {
  id: string;
  name: string;
  scanner: ScannerSettings;
}

export function profileView(p: InferSelectModel<typeof scannerProfiles>): ProfileView {
  return { id: p.id, name: p.name, scanner: storedSettings(p.settings) };
}
