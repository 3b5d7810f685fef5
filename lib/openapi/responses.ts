/**
 * The JSON the API answers with, as zod schemas. They feed the OpenAPI document and, in the
 * test suite, check every response a test receives (tests/support/app.ts): a field a route
 * adds, drops or retypes without this file changing fails the suite. Strict objects, so an
 * undocumented field is a failure too.
 */
import { z } from "zod";
import { THEME_MODES } from "../accounts/schemas";
import { DELIVERY_STATUSES, LEDGER_REASONS, SESSION_CREATORS, SESSION_STATUSES } from "../db/schema";
import { ERRORS } from "../errors";
import { ScannerSettingsSchema } from "../scanner-settings";
import { PageReport } from "../sessions/page-report";
import { WEBHOOK_EVENTS } from "../webhooks/events";

const Timestamp = z.iso.datetime().meta({ description: "ISO 8601, UTC", example: "2026-11-25T10:00:00.000Z" });
const Day = z.iso.date().meta({ example: "2026-11-25" });
const Count = z.int().min(0);
const id = (prefix: string) => z.string().startsWith(`${prefix}_`).meta({ example: `${prefix}_8k2m4q9x7c1v` });
const Mode = z.enum(["test", "live"]);
const Metadata = z.record(z.string(), z.unknown()).meta({ description: "Your JSON object, echoed as sent." });
const SessionStatus = z.enum(SESSION_STATUSES);

export const ErrorBody = z
  .strictObject({
    error: z.enum(Object.keys(ERRORS) as [keyof typeof ERRORS, ...(keyof typeof ERRORS)[]]),
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional().meta({ description: "Validation failures only: every problem at once, keyed by field path." }),
  })
  .meta({ id: "Error" });

export const Ok = z.strictObject({ status: z.literal("ok") });

export const ScanResult = z
  .strictObject({
    url: z.url().meta({ description: "Signed download link, valid for FILE_URL_TTL (1 h by default)." }),
    page_count: z.int().min(1),
    bytes: z.int().min(1),
    content_type: z.literal("application/pdf"),
    pages: z.array(PageReport).meta({ description: "The scanner's quality report, one entry per page in page order; empty when it sent none." }),
  })
  .meta({ id: "ScanResult" });

export const ScannerSettings = ScannerSettingsSchema.meta({ id: "ScannerSettings" });

/** A redacted session keeps its id, status, timestamps and mode; its metadata is `{}` and its result gone. */
const Redaction = {
  redacted: z.boolean().meta({ description: "True once the session's document, metadata, page text and webhook payloads were removed (`POST /v1/sessions/{id}/redact` or the retention policy)." }),
  redacted_at: Timestamp.nullable(),
};

export const CreatedSession = z
  .strictObject({
    id: id("sess"),
    mode: Mode,
    client_token: z.string().meta({ description: "For the scanner only; never needed by your server." }),
    scan_url: z.url(),
    expires_at: Timestamp,
  })
  .meta({ id: "CreatedSession" });

export const Session = z
  .strictObject({
    id: id("sess"),
    status: SessionStatus,
    mode: Mode,
    created_with: z.enum(SESSION_CREATORS).nullable().meta({ description: "`publishable`: metadata came from a browser and is untrusted." }),
    metadata: Metadata,
    created_at: Timestamp,
    expires_at: Timestamp,
    result: ScanResult.nullable().meta({ description: "The document; null until it exists, and once the session is redacted." }),
    ...Redaction,
  })
  .meta({ id: "Session" });

export const SessionStatusView = z
  .strictObject({ id: id("sess"), status: SessionStatus, expires_at: Timestamp, result: ScanResult.nullable() })
  .meta({ id: "SessionStatus" });

export const ScannerConfig = z
  .strictObject({
    session_id: id("sess"),
    client_token: z.string(),
    upload: z.strictObject({ url: z.url(), content_type: z.literal("application/pdf"), expires_at: Timestamp, max_bytes: z.int().min(1) }),
    complete_url: z.url(),
    upload_url: z.url(),
    scanner: ScannerSettings,
    allowed_origins: z.array(z.string()).optional(),
  })
  .meta({ id: "ScannerConfig" });

export const UploadDone = z.strictObject({ status: z.literal("ok"), session_id: id("sess"), result: ScanResult }).meta({ id: "UploadDone" });
export const FailDone = z.strictObject({ status: z.literal("ok"), session_id: id("sess") });

export const User = z.strictObject({ id: id("usr"), email: z.email(), name: z.string().nullable(), theme_mode: z.enum(THEME_MODES) });
export const Tenant = z.strictObject({ id: id("ten"), name: z.string(), plan: z.string(), credits: z.int(), allowed_origins: z.array(z.string()) });
export const Account = z.strictObject({ user: User, tenant: Tenant }).meta({ id: "Account" });
export const AccountDeleted = z.strictObject({ status: z.literal("deleted") });
export const PasswordChanged = z.strictObject({ status: z.literal("ok"), other_sessions_ended: Count });
export const BalanceAlert = z.strictObject({ low_balance_threshold: z.int().min(0), balance: z.int(), low: z.boolean() });
export const SignedUp = Account.extend({ secret_key: z.string().startsWith("sk_test_").meta({ description: "The account's test secret key in full, shown this once." }) });

export const LedgerEntry = z.strictObject({
  id: id("led"),
  delta: z.int(),
  balance_after: z.int(),
  reason: z.enum(LEDGER_REASONS),
  session_id: z.string().nullable(),
  note: z.string().nullable(),
  created_at: Timestamp,
});
export const Credits = z
  .strictObject({ balance: z.int(), spent_30d: Count, ledger: z.array(LedgerEntry).meta({ description: "Newest first, at most 200." }) })
  .meta({ id: "Credits" });

export const Key = z
  .strictObject({
    id: id("key"),
    name: z.string().nullable(),
    kind: z.enum(["publishable", "secret"]),
    mode: Mode,
    display: z.string().meta({ description: "The prefix and last characters; the full secret is never stored." }),
    created_at: Timestamp,
    last_used_at: Timestamp.nullable(),
    revoked_at: Timestamp.nullable(),
  })
  .meta({ id: "ApiKey" });
export const KeyList = z.strictObject({ keys: z.array(Key) });
export const OneKey = z.strictObject({ key: Key });
export const CreatedKey = z.strictObject({ key: Key, secret: z.string().meta({ description: "The full key, shown this once." }) });

export const Domains = z.strictObject({ domains: z.array(z.string()).meta({ example: ["https://shop.example"] }) });

export const Profile = z.strictObject({ id: id("prof"), name: z.string(), scanner: ScannerSettings }).meta({ id: "ScannerProfile" });
export const ScannerOverview = z.strictObject({
  version: z.literal(1),
  default_profile_id: z.string().nullable(),
  profiles: z.array(Profile),
  scanner: ScannerSettings,
  defaults: ScannerSettings,
});
export const DefaultSettings = z.strictObject({ scanner: ScannerSettings });
export const OneProfile = z.strictObject({ profile: Profile });
export const UpdatedProfile = z.strictObject({ profile: Profile, default_profile_id: z.string().nullable() });
export const DeletedProfile = z.strictObject({ id: id("prof"), deleted: z.literal(true) });

export const DashboardSessionItem = z.strictObject({
  id: id("sess"),
  status: SessionStatus,
  mode: Mode,
  pages: Count.nullable(),
  metadata: Metadata,
  created_at: Timestamp,
  expires_at: Timestamp,
  ...Redaction,
  completed_at: Timestamp.nullable().meta({ description: "When the document was stored; null until the session completes." }),
});
const NextCursor = z.string().nullable().meta({ description: "Pass as `cursor` for the next page; null on the last page." });
export const DashboardSessions = z.strictObject({ sessions: z.array(DashboardSessionItem), next_cursor: NextCursor });
export const SessionPage = z.strictObject({ sessions: z.array(Session), next_cursor: NextCursor }).meta({ id: "SessionPage" });
export const DashboardSession = z.strictObject({
  session: DashboardSessionItem.extend({
    result: ScanResult.extend({
      url: z.url().nullable().meta({ description: "Signed download link while the file is retained; null after." }),
      available: z.boolean().meta({ description: "False once the file is past retention or swept." }),
      retained_until: Timestamp,
    })
      .nullable()
      .meta({ description: "The document; null until it exists." }),
  }),
  deliveries: z.array(z.lazy(() => Delivery)).meta({ description: "This session's webhook deliveries, newest first (at most 20)." }),
  audit: z.array(z.lazy(() => RedactionAuditEntry)).meta({ description: "Who redacted the session, and redactions storage held up, oldest first." }),
});

export const RedactionAuditEntry = z.strictObject({
  at: Timestamp,
  outcome: z.enum(["redacted", "storage_failed"]).meta({ description: "`storage_failed`: nothing was cleared; the scheduled run retries." }),
  actor: z.strictObject({
    kind: z.enum(["api_key", "console_user", "retention_policy"]),
    id: z.string().nullable().meta({ description: "The key's or the user's id; null for the retention policy." }),
    label: z.string().nullable().meta({ description: "The user's email or the key's name, when they still exist." }),
  }),
});

export const RetentionPolicy = z.strictObject({
  document_retention_seconds: z.int().nullable().meta({ description: "How long documents are kept; null: the operator's ceiling." }),
  document_retention_ceiling_seconds: z.int().meta({ description: "The operator's FILE_RETENTION_SECONDS: no policy keeps documents longer." }),
  redact_after_days: z.int().nullable().meta({ description: "Finished sessions are redacted this many days after they finished; null: never." }),
});

export const Analytics = z.strictObject({
  from: Day,
  to: Day,
  days: z.int().min(1).max(90),
  totals: z.strictObject({
    sessions: Count,
    completed: Count,
    failed: Count,
    expired: Count,
    pages: Count,
    bytes: Count,
    credits_spent: Count,
    completion_rate: z.number().min(0).max(1),
  }),
  series: z.array(z.strictObject({ date: Day, created: Count, completed: Count, failed: Count })),
  by_status: z.array(z.strictObject({ status: SessionStatus, count: Count })),
  by_mode: z.array(z.strictObject({ mode: Mode, count: Count })),
  recent: z.array(z.strictObject({ id: id("sess"), status: SessionStatus, mode: Mode, pages: Count, created_at: Timestamp })),
});

export const WebhookConfig = z.strictObject({
  url: z.string().meta({ description: "Empty when no endpoint is set." }),
  events: z.array(z.enum(WEBHOOK_EVENTS)),
  secret: z.string().meta({ description: "Masked; the full value is shown only by rotate-secret." }),
});
export const WebhookSecret = z.strictObject({ secret: z.string().startsWith("whsec_") });
export const WebhookHealth = z.strictObject({
  secret_shown: z.boolean().meta({ description: "False until the owner has seen the current secret (rotate-secret shows it)." }),
  state: z.enum(["ok", "failing", "unknown"]).meta({ description: "From the latest attempt among the newest 20 deliveries." }),
  last_error: z.string().nullable(),
  last_failure_at: Timestamp.nullable(),
  failed_recent: Count,
  pending: Count,
  next_attempt_at: Timestamp.nullable().meta({ description: "When the soonest pending retry among them is due; null when none is waiting." }),
});

export const Delivery = z
  .strictObject({
    id: id("whd"),
    session_id: z.string(),
    event: z.enum(WEBHOOK_EVENTS),
    event_id: id("evt"),
    url: z.string(),
    status: z.enum(DELIVERY_STATUSES),
    attempts: z.array(
      z.strictObject({
        at: Timestamp,
        ms: Count,
        response_status: z.int().nullable(),
        response_body: z.string().nullable().meta({ description: "The first 300 characters of the receiver's answer; null without one." }),
        error: z.string().nullable(),
      }),
    ),
    payload: z.string().meta({ description: "The exact signed bytes that were sent." }),
    created_at: Timestamp,
    replay_of: z.string().nullable(),
    next_attempt_at: Timestamp.nullable().meta({ description: "When the next retry is due; null once the delivery succeeded or failed." }),
  })
  .meta({ id: "WebhookDelivery" });
export const DeliveryList = z.strictObject({ deliveries: z.array(Delivery) });
export const OneDelivery = z.strictObject({ delivery: Delivery });

/** The body of every webhook request (OpenAPI `webhooks`). */
export const WebhookPayload = z
  .strictObject({
    id: id("evt").meta({ description: "The same on every retry and replay: dedupe on it." }),
    type: z.enum(WEBHOOK_EVENTS),
    session_id: z.string(),
    metadata: Metadata,
    result: ScanResult.nullable(),
    created_at: Timestamp,
    created_with: z.enum(SESSION_CREATORS).nullable().optional(),
  })
  .meta({ id: "WebhookEvent" });

export const Health = z.strictObject({ service: z.literal("docscan"), status: z.literal("ok"), version: z.literal(1) });
const Checks = z.strictObject({
  database: z.enum(["ok", "down"]),
  rate_limit: z.enum(["ok", "down"]),
  storage: z.enum(["ok", "down"]),
});
export const Ready = z.strictObject({ status: z.literal("ready"), checks: Checks });
export const NotReady = ErrorBody.extend({ checks: Checks }).meta({ id: "NotReady" });

export const CronRun = z.strictObject({
  status: z.literal("ok"),
  attempted: Count,
  skipped: z.boolean(),
  failed_steps: z.array(z.string()),
});
