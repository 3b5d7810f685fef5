/**
 * The OpenAPI 3.1 document, rendered from the operation list by zod-openapi (built on zod's
 * own JSON Schema output, so request bodies are described by the very schemas that validate
 * them). Served at /v1/openapi.json and rendered at /docs/api.
 */
import { createDocument, type ZodOpenApiOperationObject, type ZodOpenApiPathsObject, type ZodOpenApiResponsesObject } from "zod-openapi";
import { z } from "zod";
import { ERRORS, type ErrorCode } from "../errors";
import { errorsOf, type Auth, type Endpoint } from "./endpoint";
import { OPERATIONS } from "./operations";
import { REQUEST_EXAMPLES } from "./request-examples";
import { ErrorBody, WebhookPayload } from "./responses";
import { WEBHOOK_EVENTS } from "../webhooks/events";

/** The status an error code has on this operation (`invalid_token` is 400 where the token travels in the body). */
export function errorStatus(op: Endpoint, code: ErrorCode): number {
  return code === "invalid_token" && (op.body || op.rawBodies) ? 400 : ERRORS[code].status;
}

/** A query as sent: the object a `.transform()` reads. */
function queryAsSent(schema: z.ZodType): z.ZodObject {
  return schema instanceof z.ZodPipe ? queryAsSent(schema.in as z.ZodType) : (schema as z.ZodObject);
}

const SECURITY: Record<Auth, Record<string, string[]>[] | undefined> = {
  apiKey: [{ apiKey: [] }],
  secretKey: [{ apiKey: [] }],
  console: [{ consoleCookie: [] }],
  cron: [{ cronSecret: [] }],
  clientToken: [],
  signedUrl: [],
  none: [],
};

const IdempotencyKey = z.object({
  "Idempotency-Key": z
    .string()
    .max(255)
    .optional()
    .meta({ description: "Any unique string (a UUID, or your order id). A repeat with the same body within 24 h returns the first answer with `Idempotent-Replayed: true`." }),
});

function errorResponses(op: Endpoint): ZodOpenApiResponsesObject {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of errorsOf(op)) byStatus.set(errorStatus(op, code), [...(byStatus.get(errorStatus(op, code)) ?? []), code]);
  const responses: ZodOpenApiResponsesObject = {};
  for (const [status, codes] of [...byStatus].sort(([a], [b]) => a - b)) {
    const schema = status === 503 && op.unavailableBody ? op.unavailableBody : ErrorBody;
    responses[String(status) as `${1 | 2 | 3 | 4 | 5}${string}`] = {
      description: codes.map((c) => `\`${c}\``).join(", "),
      content: {
        "application/json": {
          schema,
          examples: Object.fromEntries(codes.map((code) => [code, { value: { error: code, message: ERRORS[code].message } }])),
        },
      },
    };
  }
  return responses;
}

function successResponses(op: Endpoint): ZodOpenApiResponsesObject {
  const responses: ZodOpenApiResponsesObject = {};
  for (const [status, r] of Object.entries(op.responses)) {
    const binary = { schema: z.string().meta({ format: "binary" }) };
    const content = r.schema ? { "application/json": { schema: r.schema, ...(r.example !== undefined && { example: r.example }) } }
      : r.contentTypes ? Object.fromEntries(r.contentTypes.map((type) => [type, binary])) : undefined;
    const headers = status === "302" ? { Location: { schema: { type: "string" as const } } } : undefined;
    responses[status as `2${string}`] = { description: r.description, ...(content && { content }), ...(headers && { headers }) };
  }
  return responses;
}

function operationObject(op: Endpoint): ZodOpenApiOperationObject {
  const pathParams = [...op.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
  const header = op.idempotent ? IdempotencyKey : op.headers;
  const example = REQUEST_EXAMPLES[op.key];
  const withExample = (type: string, schema: z.ZodType) => ({ schema, ...(type === "application/json" && example !== undefined && { example }) });
  const bodies = {
    ...(op.body && { "application/json": withExample("application/json", op.body) }),
    ...Object.fromEntries(Object.entries(op.rawBodies ?? {}).map(([type, schema]) => [type, withExample(type, schema)])),
  };
  return {
    operationId: `${op.method.toLowerCase()}${op.path.replace(/^\/v1/, "").replace(/[{}]/g, "").replace(/[/-](\w)/g, (_, c: string) => c.toUpperCase())}`,
    summary: op.summary,
    ...(op.description && { description: op.description }),
    tags: [op.tag],
    security: SECURITY[op.auth],
    requestParams: {
      ...(pathParams.length > 0 && { path: z.object(Object.fromEntries(pathParams.map((p) => [p, z.string()]))) }),
      ...(op.query && { query: queryAsSent(op.query) }),
      ...(header && { header }),
    },
    ...(Object.keys(bodies).length > 0 && { requestBody: { required: true, content: bodies } }),
    responses: { ...successResponses(op), ...errorResponses(op) },
  };
}

let built: ReturnType<typeof createDocument> | undefined;

export function openApiDocument(): ReturnType<typeof createDocument> {
  built ??= build();
  return built;
}

/** The document as /v1/openapi.json serves it: `servers` names this instance (PUBLIC_BASE_URL), so an imported client has its base URL. */
export function servedOpenApiDocument(publicBaseUrl: string): ReturnType<typeof createDocument> {
  return { ...openApiDocument(), servers: [{ url: publicBaseUrl, description: "This instance" }] };
}

const EVENT_WORDS: Record<(typeof WEBHOOK_EVENTS)[number], string> = {
  "scan.completed": "A document was uploaded and stored: `result` carries its signed, short-lived `url`, `page_count`, `bytes`, `content_type` and the page report.",
  "scan.failed": "The scan or the upload failed, or a session that was scanning ran out of time; `result` is null.",
  "session.redacted": "The session was redacted, on request (`POST /v1/sessions/{id}/redact`) or by the account's retention policy: `metadata` is `{}` and `result` null; its document, page text and stored webhook payloads are gone (read the session for `redacted_at`).",
  "test.ping": "Sent only by the console's test button (`POST /v1/dashboard/webhook/test`); `session_id` is synthetic (`sess_test_…`), `result` is null.",
};

function build(): ReturnType<typeof createDocument> {
  const paths: ZodOpenApiPathsObject = {};
  for (const op of OPERATIONS) paths[op.path] = { ...paths[op.path], [op.method.toLowerCase()]: operationObject(op) };
  return createDocument({
    openapi: "3.1.0",
    info: {
      title: "docscan API",
      version: "1",
      description:
        "Hosted document scanning: your server opens a session, the person scans with the hosted scanner, you receive a signed `scan.completed` webhook with a short-lived download link. Errors are `{ error, message, fields? }`; see docs/api-errors.md.",
    },
    tags: [
      { name: "Sessions", description: "Your server (secret key) or your page (publishable key, allowlisted origins only)." },
      { name: "Scanner", description: "The hosted scanner's calls, authorised by the session's client token." },
      { name: "Files", description: "Signed download links." },
      { name: "Console account", description: "Sign-up and cookie login for the console." },
      { name: "Console", description: "The console API: same origin, console cookie." },
      { name: "Operations", description: "Health, readiness and the scheduled run." },
    ],
    components: {
      securitySchemes: {
        apiKey: { type: "http", scheme: "bearer", description: "An API key: `sk_test_…`/`sk_live_…` (secret) or `pk_…` (publishable)." },
        consoleCookie: { type: "apiKey", in: "cookie", name: "sc_session", description: "Set by sign-up and log-in." },
        cronSecret: { type: "http", scheme: "bearer", description: "The operator's CRON_SECRET." },
      },
    },
    paths,
    webhooks: Object.fromEntries(
      WEBHOOK_EVENTS.map((event) => [
        event,
        {
          post: {
            summary: event,
            description:
              `${EVENT_WORDS[event]} Signed: \`X-Scanner-Signature: t=<unix>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">\`. \`X-Scanner-Event-Id\` repeats the payload's \`id\`; \`X-Scanner-Delivery-Id\` names this delivery. Answer any 2xx within 10 s; otherwise it is retried 5 and 25 minutes later.`,
            requestBody: { content: { "application/json": { schema: WebhookPayload } } },
            responses: { "200": { description: "Received (any 2xx)." } },
          },
        },
      ]),
    ),
  });
}

