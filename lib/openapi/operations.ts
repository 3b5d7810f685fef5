/**
 * Every operation the API serves: the request schemas are the ones the routes validate with,
 * the responses those in ./responses. `document.ts` renders this list as OpenAPI 3.1; the
 * test suite checks each entry against what its route declares to `route()` (method, auth,
 * CORS, idempotency, body and query: tests/api/route-declarations.test.ts) and every response
 * a test receives against its entry (tests/support/app.ts).
 */
import { z } from "zod";
import { ChangePasswordInput, DeleteAccountInput, LoginInput, SignupInput, UpdateSettingsInput } from "../accounts/schemas";
import { AnalyticsQuery } from "../analytics/window";
import { BalanceAlertInput, TopUpInput } from "../credits/schemas";
import { DomainInput } from "../domains/schemas";
import type { ErrorCode } from "../errors";
import { CreateKeyInput } from "../keys/schemas";
import { CreateProfileInput, UpdateProfileInput } from "../profiles/schemas";
import { SessionFilterParams, SessionListParams } from "../sessions/list-query";
import { CompleteInput, CreateSessionInput, FailInput, PreviewSessionInput, UploadJsonInput } from "../sessions/schemas";
import { SESSION_LIST_EXAMPLE } from "./examples";
import { ListQuery } from "../validation";
import { UpdateWebhookInput } from "../webhooks/schemas";
import * as R from "./responses";

export type Auth = "apiKey" | "secretKey" | "console" | "cron" | "clientToken" | "signedUrl" | "none";
export type Tag = "Sessions" | "Scanner" | "Files" | "Console account" | "Console" | "Operations";

export interface SuccessResponse {
  description: string;
  /** JSON body; absent for an empty body or when `contentType` names another media type. */
  schema?: z.ZodType;
  contentType?: string;
  /** A whole example answer, shown beside the schema (it must match it: tests/api/openapi). */
  example?: unknown;
}

export interface Operation {
  method: "get" | "post" | "put" | "delete";
  /** OpenAPI path template: `{id}` where the route directory says `[id]`. */
  path: string;
  summary: string;
  description?: string;
  tag: Tag;
  auth: Auth;
  query?: z.ZodObject;
  body?: z.ZodType;
  /** Other request media types the operation accepts (the JSON body is `body`). */
  otherBodies?: Record<string, z.ZodType>;
  /** Honours `Idempotency-Key`. */
  idempotent?: true;
  responses: Partial<Record<200 | 201 | 204 | 302, SuccessResponse>>;
  /** The error codes this operation can answer with, beyond those its auth, body and idempotency imply. */
  errors: ErrorCode[];
  /** Cross-origin callable from the browser (CORS). */
  cors?: true;
}

const ClientTokenQuery = z.object({ t: z.string().meta({ description: "The session's client token." }) });
const SignedUrlQuery = z.object({
  exp: z.string().meta({ description: "Expiry, unix seconds." }),
  sig: z.string().meta({ description: "HMAC signature of the path and `exp`." }),
});
const ScannerSettingsPatch = z
  .record(z.string(), z.unknown())
  .meta({ description: "Any subset of ScannerSettings, merged over the base; `null` clears theme.brandName, completion.message or watermark.text." });
const ProfileBody = CreateProfileInput.extend({ scanner: ScannerSettingsPatch.optional() });
const ProfileUpdateBody = UpdateProfileInput.extend({ scanner: ScannerSettingsPatch.optional() });
const Pdf = z.string().meta({ format: "binary", description: "The PDF's bytes." });
const MultipartUpload = z.object({
  session: z.string().optional().meta({ description: "The client token, unless sent as X-Client-Token; must come before `file`." }),
  pages: z.string().optional().meta({ description: "Page count (decimal digits)." }),
  report: z.string().optional().meta({ description: "JSON text of an array of PageReport objects, one per page in page order." }),
  file: Pdf,
});

const json = (description: string, schema: z.ZodType): SuccessResponse => ({ description, schema });

/** A console API operation: cookie auth, tagged Console; `more` adds a body, query, description or errors. */
const consoleOp = (method: Operation["method"], path: string, summary: string, responses: Operation["responses"], more: Partial<Operation> = {}): Operation => ({
  method,
  path,
  summary,
  tag: "Console",
  auth: "console",
  responses,
  errors: [],
  ...more,
});
const account = { tag: "Console account" } as const;

export const OPERATIONS: Operation[] = [
  // Sessions: your server (secret key) or your page (publishable key).
  {
    method: "post",
    path: "/v1/sessions",
    summary: "Create a session",
    description: "Opens a short-lived scan session and returns the `scan_url` to show the person scanning. Needs a balance of at least one credit; the credit is spent when the scan completes.",
    tag: "Sessions",
    auth: "apiKey",
    body: CreateSessionInput,
    idempotent: true,
    cors: true,
    responses: { 201: json("The session, with its scan URL and client token.", R.CreatedSession) },
    errors: ["origin_not_allowed", "insufficient_credits", "invalid_scanner_config", "not_found", "rate_limited"],
  },
  {
    method: "get",
    path: "/v1/sessions",
    summary: "List sessions",
    description:
      "Your sessions, newest first, a page at a time: pass the answer's `next_cursor` as `cursor` for the next page (null on the last). Filters combine; `q` finds a session by its id or by text in a top-level metadata value, e.g. `curl -H \"Authorization: Bearer $DOCSCAN_SECRET_KEY\" \"$BASE/v1/sessions?q=A-1001&status=completed&limit=20\"`.",
    tag: "Sessions",
    auth: "secretKey",
    query: SessionListParams,
    responses: { 200: { description: "A page of sessions, each as `GET /v1/sessions/{id}` reads it.", schema: R.SessionPage, example: SESSION_LIST_EXAMPLE } },
    errors: ["invalid_request"],
  },
  {
    method: "get",
    path: "/v1/sessions/{id}",
    summary: "Read a session",
    description: "Status, metadata and, once completed, `result` with a freshly signed download link.",
    tag: "Sessions",
    auth: "secretKey",
    responses: { 200: json("The session.", R.Session) },
    errors: ["not_found"],
  },
  {
    method: "get",
    path: "/v1/sessions/{id}/status",
    summary: "Poll a session's status",
    description: "For the page that opened the scanner (QR hand-off): authorised by the session's client token.",
    tag: "Sessions",
    auth: "clientToken",
    query: ClientTokenQuery,
    cors: true,
    responses: { 200: json("The session's status and result.", R.SessionStatusView) },
    errors: ["invalid_token", "not_found", "session_expired"],
  },
  {
    method: "get",
    path: "/v1/sessions/{id}/qr",
    summary: "QR code of the scan URL",
    tag: "Sessions",
    auth: "clientToken",
    query: ClientTokenQuery,
    responses: { 200: { description: "An SVG QR code that opens the scanner on a phone.", contentType: "image/svg+xml" } },
    errors: ["invalid_token", "not_found", "session_expired", "token_already_used"],
  },
  // The hosted scanner's calls (client token).
  {
    method: "get",
    path: "/v1/scanner/config",
    summary: "Open a session in the scanner",
    description: "Marks the session `opened` and returns what the scanner needs: settings and upload targets. `c` is the short code of the QR hand-off, an alternative to `t`.",
    tag: "Scanner",
    auth: "clientToken",
    query: z.object({ t: z.string().optional(), c: z.string().optional() }),
    responses: { 200: json("The scanner's configuration.", R.ScannerConfig) },
    errors: ["invalid_request", "invalid_token", "not_found", "session_expired", "token_already_used"],
  },
  {
    method: "put",
    path: "/v1/scanner/blob",
    summary: "Upload the PDF to local storage (presigned PUT)",
    description: "The local-storage stand-in for an S3 presigned PUT: the URL comes from the config's `upload.url`.",
    tag: "Scanner",
    auth: "signedUrl",
    query: SignedUrlQuery.extend({ key: z.string() }),
    otherBodies: { "application/pdf": Pdf },
    responses: { 204: { description: "Stored; call complete next." } },
    errors: ["invalid_signature", "invalid_request", "invalid_file", "empty_file", "file_too_large", "session_expired", "token_already_used", "request_timeout"],
  },
  {
    method: "post",
    path: "/v1/scanner/complete",
    summary: "Complete after a presigned upload",
    tag: "Scanner",
    auth: "clientToken",
    body: CompleteInput,
    responses: { 200: json("The session is completed; one credit was spent.", R.UploadDone) },
    errors: ["invalid_token", "not_found", "session_expired", "token_already_used", "upload_not_found", "empty_file", "invalid_file", "file_too_large", "insufficient_credits"],
  },
  {
    method: "post",
    path: "/v1/scanner/upload",
    summary: "Upload the PDF in one request",
    description: "Multipart (`session`, `pages`, then `file`) or JSON with a base64 `payload`. The client token may instead come in `X-Client-Token`.",
    tag: "Scanner",
    auth: "clientToken",
    body: UploadJsonInput,
    otherBodies: { "multipart/form-data": MultipartUpload },
    responses: { 200: json("The session is completed; one credit was spent.", R.UploadDone) },
    errors: ["invalid_token", "invalid_request", "not_found", "session_expired", "token_already_used", "empty_file", "invalid_file", "file_too_large", "insufficient_credits", "request_timeout"],
  },
  {
    method: "post",
    path: "/v1/scanner/fail",
    summary: "Report that the scan cannot be done",
    tag: "Scanner",
    auth: "clientToken",
    body: FailInput,
    responses: { 200: json("The session is failed; no credit is spent.", R.FailDone) },
    errors: ["invalid_token", "not_found", "session_expired", "token_already_used"],
  },
  {
    method: "get",
    path: "/v1/files/{id}",
    summary: "Download a scanned PDF",
    description: "The signed link from `result.url`. Local storage streams the file; S3 answers 302 to a short presigned GET.",
    tag: "Files",
    auth: "signedUrl",
    query: SignedUrlQuery,
    responses: {
      200: { description: "The PDF.", contentType: "application/pdf" },
      302: { description: "Redirect to the object store." },
    },
    errors: ["invalid_signature", "not_found"],
  },
  // Console account (cookie login).
  consoleOp("post", "/v1/auth/signup", "Sign up", { 201: json("The new account, and its test secret key shown this once.", R.SignedUp) }, {
    ...account, auth: "none", body: SignupInput, errors: ["email_taken", "rate_limited"],
    description: "Creates the account, its tenant with 250 credits, a publishable and a secret test key (the secret's value is in this answer only), and signs in (sets the console cookie).",
  }),
  consoleOp("post", "/v1/auth/login", "Log in", { 200: json("Signed in; the console cookie is set.", R.Account) }, { ...account, auth: "none", body: LoginInput, errors: ["invalid_credentials", "rate_limited"] }),
  consoleOp("post", "/v1/auth/logout", "Log out", { 200: json("Signed out; the cookie is cleared.", R.Ok) }, { ...account, auth: "none" }),
  consoleOp("get", "/v1/auth/me", "The signed-in account", { 200: json("The account.", R.Account) }, account),
  consoleOp("put", "/v1/dashboard/settings", "Update account settings", { 200: json("The account.", R.Account) }, { ...account, body: UpdateSettingsInput }),
  consoleOp("post", "/v1/dashboard/account/password", "Change the password", { 200: json("Changed; the user's other console sessions have ended.", R.PasswordChanged) }, {
    ...account, body: ChangePasswordInput, errors: ["rate_limited"],
    description: "Needs the current password (a wrong one is `fields.current_password`, and counts like a failed login). Every other console session of the user is logged out; this one stays.",
  }),
  consoleOp("delete", "/v1/dashboard/account", "Delete the account", { 200: json("Deleted; the cookie is cleared.", R.AccountDeleted) }, {
    ...account, body: DeleteAccountInput,
    description: "`confirm` must be the account's email address. Revokes every key, deletes sessions, files, deliveries, profiles, users and console sessions; the credit ledger is kept as the record.",
  }),
  // Console API.
  consoleOp("get", "/v1/dashboard/alerts", "Low-balance warning", { 200: json("The threshold, the balance, and whether the balance is at or below it.", R.BalanceAlert) }),
  consoleOp("put", "/v1/dashboard/alerts", "Set the low-balance threshold", { 200: json("The warning after the change.", R.BalanceAlert) }, { body: BalanceAlertInput, description: "0 turns the warning off; the default is 25 credits." }),
  consoleOp("get", "/v1/dashboard/keys", "List API keys", { 200: json("Every key, revoked ones included.", R.KeyList) }),
  consoleOp("post", "/v1/dashboard/keys", "Create an API key", { 201: json("The key; `secret` is its full value, shown this once.", R.CreatedKey) }, { body: CreateKeyInput }),
  consoleOp("delete", "/v1/dashboard/keys/{id}", "Revoke an API key", { 200: json("The revoked key (revoking twice is not an error).", R.OneKey) }, { errors: ["not_found"] }),
  consoleOp("get", "/v1/dashboard/domains", "List allowed origins", { 200: json("The allowlist.", R.Domains) }),
  consoleOp("post", "/v1/dashboard/domains", "Allow an origin", { 201: json("The allowlist with the origin added.", R.Domains) }, { body: DomainInput }),
  consoleOp("post", "/v1/dashboard/domains/remove", "Remove an allowed origin", { 200: json("The allowlist without the origin.", R.Domains) }, { body: DomainInput, errors: ["not_found"] }),
  consoleOp("get", "/v1/dashboard/credits", "Balance and ledger", { 200: json("Balance, 30-day spend and the newest ledger entries.", R.Credits) }),
  consoleOp("post", "/v1/dashboard/credits/topup", "Buy a credit pack", { 201: json("Balance and ledger after the top-up.", R.Credits) }, { body: TopUpInput, idempotent: true }),
  consoleOp("get", "/v1/dashboard/analytics", "Usage analytics", { 200: json("Totals, a daily series and recent sessions for the window ending today (UTC).", R.Analytics) }, { description: "`days` is 1–90; anything else counts as 30.", query: AnalyticsQuery }),
  consoleOp("get", "/v1/dashboard/sessions", "Sessions", { 200: json("The newest sessions first, filtered; `next_cursor` continues the list.", R.DashboardSessions) }, { query: SessionListParams, errors: ["invalid_request"] }),
  consoleOp("get", "/v1/dashboard/sessions/export", "Sessions as CSV", { 200: { description: "Every session matching the filters, newest first (at most 50,000 rows).", contentType: "text/csv" } }, { query: SessionFilterParams, errors: ["invalid_request"] }),
  consoleOp("get", "/v1/dashboard/sessions/{id}", "One session", { 200: json("The session, its document (a short-lived download link while the file is retained) and its webhook deliveries.", R.DashboardSession) }, { errors: ["not_found"] }),
  consoleOp("get", "/v1/dashboard/sessions/{id}/pages/{page}", "A page's picture", { 200: { description: "The page's image as stored in the PDF (JPEG, or PNG for black-and-white pages).", contentType: "image/jpeg" } }, { errors: ["invalid_request", "not_found"] }),
  consoleOp("get", "/v1/dashboard/scanner", "Scanner profiles and defaults", { 200: json("Profiles, the default one and the platform defaults.", R.ScannerOverview) }),
  consoleOp("put", "/v1/dashboard/scanner", "Change the default profile's settings", { 200: json("The default profile's settings after the patch.", R.DefaultSettings) }, { body: ScannerSettingsPatch, errors: ["invalid_scanner_config"] }),
  consoleOp("post", "/v1/dashboard/scanner/profiles", "Create a scanner profile", { 201: json("The profile.", R.OneProfile) }, { body: ProfileBody }),
  consoleOp("put", "/v1/dashboard/scanner/profiles/{id}", "Update a scanner profile", { 200: json("The profile and which profile is the default.", R.UpdatedProfile) }, { body: ProfileUpdateBody, errors: ["not_found"] }),
  consoleOp("delete", "/v1/dashboard/scanner/profiles/{id}", "Delete a scanner profile", { 200: json("Deleted.", R.DeletedProfile) }, { errors: ["not_found", "default_profile"] }),
  consoleOp("post", "/v1/dashboard/scanner/preview-session", "Open a preview session", { 201: json("The session.", R.CreatedSession) }, { description: "A test-mode session the console embeds to preview a profile.", body: PreviewSessionInput, errors: ["not_found", "insufficient_credits"] }),
  consoleOp("get", "/v1/dashboard/webhook", "Webhook endpoint", { 200: json("URL, events and the masked signing secret.", R.WebhookConfig) }),
  consoleOp("put", "/v1/dashboard/webhook", "Set the webhook endpoint", { 200: json("The endpoint after the change.", R.WebhookConfig) }, { body: UpdateWebhookInput }),
  consoleOp("get", "/v1/dashboard/webhook/health", "Webhook endpoint health", { 200: json("Whether the endpoint answers, from its latest attempt, and whether the current secret was ever shown.", R.WebhookHealth) }),
  consoleOp("post", "/v1/dashboard/webhook/rotate-secret", "Rotate the signing secret", { 201: json("The new secret, shown this once.", R.WebhookSecret) }),
  consoleOp("post", "/v1/dashboard/webhook/test", "Send a test.ping", { 201: json("The delivery, after its first attempt.", R.OneDelivery) }, { errors: ["no_endpoint"] }),
  consoleOp("get", "/v1/dashboard/webhook/deliveries", "Webhook delivery log", { 200: json("The newest deliveries first.", R.DeliveryList) }, { query: ListQuery, errors: ["invalid_request"] }),
  consoleOp("post", "/v1/dashboard/webhook/deliveries/{id}/replay", "Replay a delivery", { 201: json("The new delivery.", R.OneDelivery) }, { description: "Sends the same event again (same event id, fresh signature and download link) as a new delivery.", errors: ["not_found", "no_endpoint"] }),
  // Operations.
  {
    method: "get",
    path: "/v1/health",
    summary: "Liveness",
    tag: "Operations",
    auth: "none",
    responses: { 200: json("The process answers.", R.Health) },
    errors: [],
  },
  {
    method: "get",
    path: "/v1/ready",
    summary: "Readiness",
    description: "503 `service_unavailable` with the same `checks` when the database or object store does not answer within a second.",
    tag: "Operations",
    auth: "none",
    responses: { 200: json("Every dependency answers.", R.Ready) },
    errors: [],
  },
  {
    method: "get",
    path: "/v1/openapi.json",
    summary: "This API description",
    tag: "Operations",
    auth: "none",
    responses: { 200: json("OpenAPI 3.1.", z.record(z.string(), z.unknown())) },
    errors: [],
  },
  {
    method: "get",
    path: "/v1/cron/webhooks",
    summary: "Run the scheduled work (Vercel Cron)",
    description: "Retries due webhooks, expires overdue sessions, sweeps files, orphans and idempotency keys.",
    tag: "Operations",
    auth: "cron",
    responses: { 200: json("What the run did.", R.CronRun) },
    errors: [],
  },
  {
    method: "post",
    path: "/v1/cron/webhooks",
    summary: "Run the scheduled work (other schedulers)",
    tag: "Operations",
    auth: "cron",
    responses: { 200: json("What the run did.", R.CronRun) },
    errors: [],
  },
];

/** The error codes an operation can answer with: its own and those its shape implies. */
export function errorsOf(op: Operation): ErrorCode[] {
  const implied: ErrorCode[] = ["service_unavailable", "internal_error"];
  if (op.body) implied.push("invalid_request");
  if (op.idempotent) implied.push("idempotency_key_reused", "idempotency_key_in_use", "invalid_request");
  if (op.auth === "console" || op.auth === "cron") implied.push("unauthorized");
  // The console's CSRF defence: a mutation from another origin is refused.
  if ((op.auth === "console" || op.tag === "Console account") && op.method !== "get") implied.push("origin_not_allowed");
  if (op.auth === "apiKey" || op.auth === "secretKey") implied.push("invalid_api_key");
  if (op.auth === "secretKey") implied.push("secret_key_required");
  return [...new Set([...op.errors, ...implied])];
}
