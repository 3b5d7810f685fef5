import type { ScanResult } from "@/scanner/contract";

/** The shapes the console reads from `/v1/auth/*` and `/v1/dashboard/*` (SPEC.md, console API). */
export type ThemeMode = "light" | "dark" | "auto";

export interface User {
  id: string;
  email: string;
  name: string | null;
  theme_mode: ThemeMode;
}

export interface Tenant {
  id: string;
  name: string;
  plan: string;
  credits: number;
  allowed_origins: string[];
}

export interface Account {
  user: User;
  tenant: Tenant;
}

export interface ApiKey {
  id: string;
  name: string | null;
  kind: "publishable" | "secret";
  mode: "test" | "live";
  display: string;
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
}

export interface LedgerEntry {
  id: string;
  delta: number;
  balance_after: number;
  reason: "signup_grant" | "topup" | "session" | "adjustment";
  session_id: string | null;
  note: string | null;
  created_at: string;
}

export interface Credits {
  balance: number;
  spent_30d: number;
  ledger: LedgerEntry[];
}

export type SessionStatus = "created" | "opened" | "scanning" | "completed" | "delivered" | "failed" | "expired";

export interface SessionSummary {
  id: string;
  status: SessionStatus;
  mode: "test" | "live";
  pages: number | null;
  metadata: Record<string, unknown>;
  created_at: string;
  expires_at: string;
}

/** `GET /v1/dashboard/sessions/:id`: the summary and the document, with a short-lived link while it is kept. */
export interface SessionDetail extends SessionSummary {
  result: (Omit<ScanResult, "url"> & { url: string | null; available: boolean; retained_until: string }) | null;
}

export interface Analytics {
  from: string;
  to: string;
  days: number;
  totals: {
    sessions: number;
    completed: number;
    failed: number;
    expired: number;
    pages: number;
    bytes: number;
    credits_spent: number;
    completion_rate: number;
  };
  series: { date: string; created: number; completed: number; failed: number }[];
  by_status: { status: SessionStatus; count: number }[];
  by_mode: { mode: "test" | "live"; count: number }[];
  recent: { id: string; status: SessionStatus; mode: "test" | "live"; pages: number | null; created_at: string }[];
}

export interface WebhookConfig {
  url: string;
  events: string[];
  secret: string;
}

export interface WebhookAttempt {
  at: string;
  ms: number;
  response_status: number | null;
  /** The start of the receiver's answer. */
  response_body: string | null;
  error: string | null;
}

export interface WebhookDelivery {
  id: string;
  session_id: string;
  event: string;
  /** The same for every retry and replay of one event: what receivers dedupe on. */
  event_id: string;
  url: string;
  status: "pending" | "succeeded" | "failed";
  attempts: WebhookAttempt[];
  payload: string;
  created_at: string;
  replay_of: string | null;
  /** When the next retry is due; null once finished. */
  next_attempt_at: string | null;
}

/** `GET /v1/dashboard/webhook/health`: the server's own type, not a copy. */
export type { WebhookHealth } from "@/lib/webhooks/get-webhook-health";

/** `GET /v1/dashboard/alerts`: the low-balance warning. */
export interface BalanceAlert {
  low_balance_threshold: number;
  balance: number;
  low: boolean;
}
