import type { Ctx } from "../context";
import { eq, type SQL } from "drizzle-orm";
import { debitForSession } from "../credits/debit-for-session";
import { withTx, type Tx } from "../db";
import { files, tenants, usageEvents } from "../db/schema";
import { ApiError } from "../errors";
import { newId } from "../ids";
import { enqueueEvent, TENANT_ENDPOINT } from "../webhooks/enqueue-event";
import { assertTokenUnused, findSession, type SessionRow } from "./internal";
import { claimCompletion } from "../session-states/transitions";
import { PDF_CONTENT_TYPE } from "./upload-key";
import type { PageReport, ScanResult } from "../../scanner/contract";
import { storedSettings } from "../scanner-settings";
import { resultView } from "../files/result-view";
import { retainUntilSql } from "../files/retain-until";
import { webhookResultView } from "../webhooks/webhook-result";

export interface Completion {
  session: SessionRow;
  storageKey: string;
  /** Size as read back from storage. */
  bytes: number;
  pages: number | undefined;
  /** The scanner's per-page quality report, already checked against `pages` and the session's `maxPages`. */
  report?: PageReport[];
}

/**
 * The one completion transaction (DESIGN.md): claim the token with a conditional update
 * (`token_used_at is null`, not expired; row count decides), write the file row, debit one
 * credit (never below zero: `uncovered`), record the usage event and the pending
 * `scan.completed` delivery. Of any number of concurrent calls exactly one gets past the
 * claim; the rest answer `409 token_already_used`. Returns the result and the delivery id.
 * The debit is lib/credits' (`debitForSession`): one statement for the balance check, debit,
 * hold release, row lock and webhook settings, and one for the ledger row, which carries the
 * file row and the usage event as CTEs.
 */
export async function completeSession({ ctx, ...c }: Completion & { ctx: Pick<Ctx, "config" | "db" | "now"> }): Promise<{ result: ScanResult; deliveryId: string | null }> {
  const { session } = c;
  const { now } = ctx;
  // Without a page count, a report's length is the count (DESIGN "Settled gaps": 1 when neither is sent).
  const pageCount = Math.min(c.pages ?? (c.report?.length || 1), sessionMaxPages(session));
  return withTx(ctx.db, async (tx) => {
    if (!(await claimCompletion(tx, session.id, now, pageCount))) throw await claimRefusal(tx, session.id);
    const file = {
      id: newId("file"),
      tenantId: session.tenantId,
      sessionId: session.id,
      storageKey: c.storageKey,
      contentType: PDF_CONTENT_TYPE,
      bytes: c.bytes,
      pageCount,
      pageReports: c.report ?? null,
      createdAt: now,
      retainUntil: retainUntilSql(ctx.config, session.tenantId, now),
    };
    // The tenant row lock (the debit's first statement) comes before any insert that references
    // the tenant: those take a KEY SHARE lock on it, and two completions holding KEY SHARE and
    // both asking for FOR UPDATE would deadlock. So the file and usage rows ride on the ledger insert.
    const alongside = fileWithUsage(tx, file, session.mode);
    const tenant = await debitForSession(tx, { tenantId: session.tenantId, sessionId: session.id, now }, { read: TENANT_ENDPOINT, alongside });
    if (!tenant) throw await uncovered(tx, session.tenantId);
    const result = resultView(ctx.config, file, now)!;
    const deliveryId = await enqueueEvent(tx, {
      tenantId: session.tenantId,
      sessionId: session.id,
      event: "scan.completed",
      metadata: session.metadata,
      result: { ...webhookResultView(ctx.config, file, now) },
      callbackUrl: session.callbackUrl,
      createdWith: session.createdWith,
      now,
    }, tenant);
    return { result, deliveryId };
  });
}

/** The most pages a document of this session may have (its settings snapshot's `options.maxPages`). */
export function sessionMaxPages(session: Pick<SessionRow, "scanner">): number {
  return storedSettings(session.scanner).options.maxPages;
}

/**
 * The credit rule's hard half: the debit needs a balance of at least 1, checked
 * by the debit's own statement under the tenant row lock, so the balance never goes below
 * zero. Refusing rolls the claim back and the hold stays: the token stays unspent and the
 * scan can be retried after a top-up. (Opening already holds a credit per live session, so
 * this only bites when the balance was lowered after the session opened.)
 */
async function uncovered(tx: Tx, tenantId: string): Promise<ApiError> {
  const [tenant] = await tx.select({ credits: tenants.credits }).from(tenants).where(eq(tenants.id, tenantId));
  return new ApiError("insufficient_credits", { message: `Completing a scan costs 1 credit; the balance is ${tenant?.credits ?? 0}. Top up, then retry.` });
}

/**
 * Why a claim matched no row: the token was spent (409), the session already ended (409
 * for failed, 410 for expired), or the TTL passed meanwhile (410). Shared by complete and fail.
 */
export async function claimRefusal(tx: Tx, sessionId: string): Promise<ApiError> {
  const current = await findSession(tx, sessionId);
  if (current) assertTokenUnused(current);
  if (current?.status === "failed") return new ApiError("token_already_used", { message: "This session has failed; create a new session." });
  return new ApiError("session_expired");
}

/** The file row and the usage event, as CTEs for the statement that writes the ledger row. */
function fileWithUsage(tx: Tx, file: Omit<typeof files.$inferInsert, "retainUntil"> & { retainUntil: SQL<Date>; pageCount: number; bytes: number }, mode: SessionRow["mode"]) {
  const usage = { id: newId("usage"), tenantId: file.tenantId, sessionId: file.sessionId, mode, pages: file.pageCount, bytes: file.bytes, createdAt: file.createdAt };
  return [
    tx.$with("usage").as(tx.insert(usageEvents).values(usage).returning({ id: usageEvents.id })),
    tx.$with("file").as(tx.insert(files).values(file).returning({ id: files.id })),
  ];
}
