import type { Ctx } from "../context";
import { errorFields, log } from "../log";
import { claimRedactions } from "./claim-redactions";
import { runRedaction } from "./run-redaction";

/** Sessions claimed per page, and pages per run: a backlog is worked off over several runs. */
const PAGE = 25;
const MAX_PAGES = 8;

/**
 * The scheduled run's redaction step: redactions a storage failure held up, and those an
 * account's retention policy makes due, claimed a page at a time (lib/redaction/claim-redactions.ts).
 * A session whose storage fails again is logged and audited, its lease dropped, and the page goes on.
 * Returns how many sessions it redacted.
 */
export async function sweepRedactions({ ctx }: { ctx: Ctx }): Promise<number> {
  let redacted = 0;
  for (let page = 0; page < MAX_PAGES; page++) {
    const claimed = await claimRedactions(ctx.db, ctx.now, PAGE);
    for (const session of claimed) {
      try {
        // The claim recorded who asks (the first requester, or the policy); the audit names them.
        await runRedaction(ctx, session, { kind: "retention_policy", id: null });
        redacted++;
      } catch (err) {
        log("warn", "redaction not finished; retried next run", { sessionId: session.id, ...errorFields(err) });
      }
    }
    if (claimed.length < PAGE) break;
  }
  return redacted;
}
