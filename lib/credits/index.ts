export { appendLedgerEntry, type LedgerEntryInput } from "./append-ledger";
export { debitForSession } from "./debit-for-session";
export { getCredits } from "./get-credits";
export { TopUpInput, TOPUP_PACKS } from "./schemas";
export { topUp } from "./top-up";
export type { CreditsView, LedgerEntryView } from "./views";
export { getBalanceAlert } from "./get-balance-alert";
export { setBalanceAlert } from "./set-balance-alert";
export { BalanceAlertInput, DEFAULT_LOW_BALANCE_THRESHOLD } from "./schemas";
