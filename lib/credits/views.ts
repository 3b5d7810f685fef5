import type { InferSelectModel } from "drizzle-orm";
import type { creditLedger } from "../db/schema";

export interface LedgerEntryView {
  id: string;
  delta: number;
  balance_after: number;
  reason: string;
  session_id: string | null;
  note: string | null;
  created_at: string;
}

export interface CreditsView {
  balance: number;
  spent_30d: number;
  ledger: LedgerEntryView[];
}

export function ledgerEntryView(e: InferSelectModel<typeof creditLedger>): LedgerEntryView {
  return {
    id: e.id,
    delta: e.delta,
    balance_after: e.balanceAfter,
    reason: e.reason,
    session_id: e.sessionId,
    note: e.note,
    created_at: e.createdAt.toISOString(),
  };
}
