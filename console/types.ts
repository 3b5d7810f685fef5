/**
 * The shapes the console reads from `/v1/auth/*` and `/v1/dashboard/*`: the API's own response
 * schemas (lib/openapi/responses.ts), imported as types only, so no server code reaches the
 * browser bundle and a change to an answer is a compile error here.
 */
import type { z } from "zod";
import type * as R from "@/lib/openapi/responses";

export type Account = z.infer<typeof R.Account>;
export type User = z.infer<typeof R.User>;
export type Tenant = z.infer<typeof R.Tenant>;
export type ThemeMode = User["theme_mode"];

export type ApiKey = z.infer<typeof R.Key>;
export type Credits = z.infer<typeof R.Credits>;
export type LedgerEntry = z.infer<typeof R.LedgerEntry>;
/** `GET /v1/dashboard/alerts`: the low-balance warning. */
export type BalanceAlert = z.infer<typeof R.BalanceAlert>;

export type SessionSummary = z.infer<typeof R.DashboardSessionItem>;
export type SessionStatus = SessionSummary["status"];
/** `GET /v1/dashboard/sessions/:id`: the summary and the document, with a short-lived link while it is kept. */
export type SessionDetail = z.infer<typeof R.DashboardSession>["session"];
/** One line of a session's redaction audit trail. */
export type RedactionAuditEntry = z.infer<typeof R.RedactionAuditEntry>;
/** `GET /v1/dashboard/retention`: the account's retention policy. */
export type RetentionPolicy = z.infer<typeof R.RetentionPolicy>;
export type Analytics = z.infer<typeof R.Analytics>;

export type WebhookConfig = z.infer<typeof R.WebhookConfig>;
export type WebhookDelivery = z.infer<typeof R.Delivery>;
export type WebhookAttempt = WebhookDelivery["attempts"][number];
export type WebhookHealth = z.infer<typeof R.WebhookHealth>;
