import type { ScannerSettings } from "@/lib/scanner-settings/schema";

/** The shapes of `/v1/dashboard/scanner*` (SPEC.md, "Console API: scanner settings"). */
export interface ScannerProfile {
  id: string;
  name: string;
  scanner: ScannerSettings;
}

export interface ScannerOverview {
  version: number;
  default_profile_id: string | null;
  profiles: ScannerProfile[];
  scanner: ScannerSettings;
  defaults: ScannerSettings;
}

export interface ProfileUpdated {
  profile: ScannerProfile;
  default_profile_id: string | null;
}

/** `POST /v1/dashboard/scanner/preview-session` answers like `POST /v1/sessions`. */
export interface PreviewSession {
  id: string;
  mode: "test" | "live";
  client_token: string;
  scan_url: string;
  expires_at: string;
}
