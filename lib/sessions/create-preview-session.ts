import type { Ctx } from "../context";
import { insertSession } from "./insert-session";
import { loadTenant } from "./internal";
import { resolveScannerSettings } from "./resolve-scanner-settings";
import type { PreviewSessionInput } from "./schemas";

/**
 * A console preview of the scanner: a test-mode session on the chosen (or default) profile,
 * embeddable only by the service's own origin, tagged `metadata.source = dashboard_preview`.
 * Needs a balance of 1 like any session, but is not under the session rate limit.
 */
export async function createPreviewSession({ ctx, tenantId, input }: { ctx: Ctx; tenantId: string; input: PreviewSessionInput }) {
  const { now } = ctx;
  const tenant = await loadTenant(ctx.db, tenantId);
  const scanner = await resolveScannerSettings(ctx.db, tenant, input.scanner_id, undefined);
  return insertSession(ctx, {
    tenantId,
    mode: "test",
    metadata: { source: "dashboard_preview" },
    scanner: scanner.settings,
    profileId: scanner.profileId,
    allowedOrigins: [ctx.config.publicOrigin],
    callbackUrl: null,
    createdWith: "console",
    now,
  });
}
