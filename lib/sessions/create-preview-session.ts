import type { Services } from "../services";
import { insertSession } from "./insert-session";
import { loadTenant } from "./internal";
import { resolveScannerSettings } from "./resolve-scanner-settings";
import type { PreviewSessionInput } from "./schemas";

/**
 * A console preview of the scanner: a test-mode session on the chosen (or default) profile,
 * embeddable only by the service's own origin, tagged `metadata.source = dashboard_preview`.
 * Needs a balance of 1 like any session, but is not under the session rate limit.
 */
export async function createPreviewSession({ services, tenantId, input, now }: { services: Services; tenantId: string; input: PreviewSessionInput; now: Date }) {
  const tenant = await loadTenant(services.db, tenantId);
  const scanner = await resolveScannerSettings(services.db, tenant, input.scanner_id, undefined);
  return insertSession(services, {
    tenantId,
    balance: tenant.credits,
    mode: "test",
    metadata: { source: "dashboard_preview" },
    scanner: scanner.settings,
    profileId: scanner.profileId,
    allowedOrigins: [services.config.publicOrigin],
    callbackUrl: null,
    createdWith: "console",
    now,
  });
}
