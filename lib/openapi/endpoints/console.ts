/** The console API: same origin, console cookie. */
import { z } from "zod";
import { DaysQuery } from "../../analytics/window";
import { BalanceAlertInput, TopUpInput } from "../../credits/schemas";
import { DomainInput } from "../../domains/schemas";
import { CreateKeyInput } from "../../keys/schemas";
import { CreateProfileInput, UpdateProfileInput } from "../../profiles/schemas";
import { SessionFilterQuery, SessionListQuery } from "../../sessions/list-query";
import { PreviewSessionInput } from "../../sessions/schemas";
import { RetentionPolicyInput } from "../../redaction/schemas";
import { ListQuery } from "../../validation";
import { UpdateWebhookInput } from "../../webhooks/schemas";
import { endpoints, jsonResponse as json } from "../endpoint";
import * as R from "../responses";

const ScannerSettingsPatch = z
  .record(z.string(), z.unknown())
  .meta({ description: "Any subset of ScannerSettings, merged over the base; `null` clears theme.brandName, completion.message or watermark.text." });
const ProfileBody = CreateProfileInput.extend({ scanner: ScannerSettingsPatch.optional() });
const ProfileUpdateBody = UpdateProfileInput.extend({ scanner: ScannerSettingsPatch.optional() });

const byConsole = { tag: "Console", auth: "console", errors: [] } as const;
/** The scanner verbs validate the body themselves, so a name problem and a settings problem are reported together. */
const validatedByVerb = { handlerValidates: "body" } as const;

export const CONSOLE = endpoints({
  "GET /v1/dashboard/alerts": { ...byConsole, summary: "Low-balance warning", responses: { 200: json("The threshold, the balance, and whether the balance is at or below it.", R.BalanceAlert) } },
  "PUT /v1/dashboard/alerts": {
    ...byConsole, summary: "Set the low-balance threshold", description: "0 turns the warning off; the default is 25 credits.", body: BalanceAlertInput,
    responses: { 200: json("The warning after the change.", R.BalanceAlert) },
  },
  "GET /v1/dashboard/keys": { ...byConsole, summary: "List API keys", responses: { 200: json("Every key, revoked ones included.", R.KeyList) } },
  "POST /v1/dashboard/keys": { ...byConsole, summary: "Create an API key", body: CreateKeyInput, responses: { 201: json("The key; `secret` is its full value, shown this once.", R.CreatedKey) } },
  "DELETE /v1/dashboard/keys/{id}": { ...byConsole, summary: "Revoke an API key", responses: { 200: json("The revoked key (revoking twice is not an error).", R.OneKey) }, errors: ["not_found"] },
  "GET /v1/dashboard/domains": { ...byConsole, summary: "List allowed origins", responses: { 200: json("The allowlist.", R.Domains) } },
  "POST /v1/dashboard/domains": { ...byConsole, summary: "Allow an origin", body: DomainInput, responses: { 201: json("The allowlist with the origin added.", R.Domains) } },
  "POST /v1/dashboard/domains/remove": { ...byConsole, summary: "Remove an allowed origin", body: DomainInput, responses: { 200: json("The allowlist without the origin.", R.Domains) }, errors: ["not_found"] },
  "GET /v1/dashboard/credits": { ...byConsole, summary: "Balance and ledger", responses: { 200: json("Balance, 30-day spend and the newest ledger entries.", R.Credits) } },
  "POST /v1/dashboard/credits/topup": {
    ...byConsole, summary: "Buy a credit pack", body: TopUpInput, idempotent: true,
    responses: { 201: json("Balance and ledger after the top-up.", R.Credits) },
  },
  "GET /v1/dashboard/analytics": {
    ...byConsole, summary: "Usage analytics", description: "`days` is 1–90; anything else counts as 30.", query: DaysQuery,
    responses: { 200: json("Totals, a daily series and recent sessions for the window ending today (UTC).", R.Analytics) },
  },
  "GET /v1/dashboard/sessions": {
    ...byConsole, summary: "Sessions", query: SessionListQuery, errors: ["invalid_request"],
    responses: { 200: json("The newest sessions first, filtered; `next_cursor` continues the list.", R.DashboardSessions) },
  },
  "GET /v1/dashboard/sessions/export": {
    ...byConsole, summary: "Sessions as CSV", query: SessionFilterQuery, errors: ["invalid_request", "rate_limited"],
    responses: { 200: { description: "Every session matching the filters, newest first, streamed (at most 50,000 rows and 64 MiB; a last line says where it stopped). One export per account at a time: another is `429 rate_limited` with `Retry-After`.", contentTypes: ["text/csv"] } },
  },
  "GET /v1/dashboard/sessions/{id}": {
    ...byConsole, summary: "One session", errors: ["not_found"],
    responses: { 200: json("The session, its document (a short-lived download link while the file is retained), its webhook deliveries and its redaction audit trail.", R.DashboardSession) },
  },
  "POST /v1/dashboard/sessions/{id}/redact": {
    ...byConsole, summary: "Redact a session", errors: ["not_found"],
    description: "As `POST /v1/sessions/{id}/redact`, recorded as done by the console user.",
    responses: { 200: json("The session after redaction, as `GET /v1/dashboard/sessions/{id}` reads it.", R.DashboardSession) },
  },
  "GET /v1/dashboard/retention": { ...byConsole, summary: "Retention policy", responses: { 200: json("How long documents are kept and when finished sessions are redacted.", R.RetentionPolicy) } },
  "PUT /v1/dashboard/retention": {
    ...byConsole, ...validatedByVerb, summary: "Set the retention policy", body: RetentionPolicyInput,
    description: "Omitted fields keep their value; null clears one. A shorter document retention also shortens documents already kept.",
    responses: { 200: json("The policy after the change.", R.RetentionPolicy) },
  },
  "GET /v1/dashboard/sessions/{id}/pages/{page}": {
    ...byConsole, summary: "A page's picture", errors: ["invalid_request", "not_found"],
    responses: { 200: { description: "The page's picture: its image as stored in the PDF (JPEG), the page's own thumbnail for a mixed-raster or black-and-white page that has one (JPEG), or a black-and-white page without one (PNG).", contentTypes: ["image/jpeg", "image/png"] } },
  },
  "GET /v1/dashboard/scanner": { ...byConsole, summary: "Scanner profiles and defaults", responses: { 200: json("Profiles, the default one and the platform defaults.", R.ScannerOverview) } },
  "PUT /v1/dashboard/scanner": {
    ...byConsole, ...validatedByVerb, summary: "Change the default profile's settings", body: ScannerSettingsPatch, errors: ["invalid_scanner_config"],
    responses: { 200: json("The default profile's settings after the patch.", R.DefaultSettings) },
  },
  "POST /v1/dashboard/scanner/profiles": { ...byConsole, ...validatedByVerb, summary: "Create a scanner profile", body: ProfileBody, responses: { 201: json("The profile.", R.OneProfile) } },
  "PUT /v1/dashboard/scanner/profiles/{id}": {
    ...byConsole, ...validatedByVerb, summary: "Update a scanner profile", body: ProfileUpdateBody, errors: ["not_found"],
    responses: { 200: json("The profile and which profile is the default.", R.UpdatedProfile) },
  },
  "DELETE /v1/dashboard/scanner/profiles/{id}": { ...byConsole, summary: "Delete a scanner profile", responses: { 200: json("Deleted.", R.DeletedProfile) }, errors: ["not_found", "default_profile"] },
  "POST /v1/dashboard/scanner/preview-session": {
    ...byConsole, summary: "Open a preview session", description: "A test-mode session the console embeds to preview a profile.", body: PreviewSessionInput,
    responses: { 201: json("The session.", R.CreatedSession) }, errors: ["not_found", "insufficient_credits"],
  },
  "GET /v1/dashboard/webhook": { ...byConsole, summary: "Webhook endpoint", responses: { 200: json("URL, events and the masked signing secret.", R.WebhookConfig) } },
  "PUT /v1/dashboard/webhook": { ...byConsole, summary: "Set the webhook endpoint", body: UpdateWebhookInput, responses: { 200: json("The endpoint after the change.", R.WebhookConfig) } },
  "GET /v1/dashboard/webhook/health": {
    ...byConsole, summary: "Webhook endpoint health",
    responses: { 200: json("Whether the endpoint answers, from its latest attempt, and whether the current secret was ever shown.", R.WebhookHealth) },
  },
  "POST /v1/dashboard/webhook/rotate-secret": { ...byConsole, summary: "Rotate the signing secret", responses: { 201: json("The new secret, shown this once.", R.WebhookSecret) } },
  "POST /v1/dashboard/webhook/test": { ...byConsole, summary: "Send a test.ping", responses: { 201: json("The delivery, after its first attempt.", R.OneDelivery) }, errors: ["no_endpoint"] },
  "GET /v1/dashboard/webhook/deliveries": { ...byConsole, summary: "Webhook delivery log", query: ListQuery, responses: { 200: json("The newest deliveries first.", R.DeliveryList) }, errors: ["invalid_request"] },
  "POST /v1/dashboard/webhook/deliveries/{id}/replay": {
    ...byConsole, summary: "Replay a delivery", description: "Sends the same event again (same event id, fresh signature and download link) as a new delivery.",
    responses: { 201: json("The new delivery.", R.OneDelivery) }, errors: ["not_found", "no_endpoint"],
  },
});
