/**
 * Every error code the API answers with, its HTTP status and default message (SPEC.md,
 * "Errors"). Domain code throws `new ApiError(code)`; nothing else picks a status.
 */
export const ERRORS = {
  invalid_api_key: { status: 401, message: "Send a valid API key as `Authorization: Bearer <key>`." },
  secret_key_required: { status: 401, message: "This endpoint needs a secret key (sk_...); publishable keys cannot read sessions." },
  invalid_credentials: { status: 401, message: "Email or password is incorrect." },
  unauthorized: { status: 401, message: "Authentication required." },
  invalid_token: { status: 401, message: "The client token is malformed, tampered with or not valid for this session." },
  email_taken: { status: 409, message: "An account with this email already exists." },
  origin_not_allowed: { status: 403, message: "This origin is not on the account's allowlist." },
  invalid_signature: { status: 403, message: "The URL signature does not verify." },
  insufficient_credits: { status: 402, message: "Out of credits: top up to open new sessions." },
  invalid_scanner_config: { status: 400, message: "The scanner settings are invalid; see `fields`." },
  invalid_request: { status: 400, message: "The request is invalid; see `fields`." },
  invalid_file: { status: 400, message: "The upload is not a PDF (it must start with %PDF-)." },
  empty_file: { status: 400, message: "The upload has no bytes." },
  no_endpoint: { status: 400, message: "Configure a webhook endpoint first." },
  not_found: { status: 404, message: "No such object." },
  method_not_allowed: { status: 405, message: "This method is not allowed on this path." },
  token_already_used: { status: 409, message: "This scan link has already delivered its document." },
  upload_not_found: { status: 409, message: "Nothing has been uploaded for this session yet." },
  default_profile: { status: 409, message: "The default profile cannot be deleted; make another profile the default first." },
  session_expired: { status: 410, message: "The session has expired; create a new session." },
  request_timeout: { status: 408, message: "The request body stopped arriving; send it without long pauses." },
  file_too_large: { status: 413, message: "The upload is larger than the maximum size." },
  rate_limited: { status: 429, message: "Too many requests; retry after the window resets." },
  idempotency_key_reused: { status: 409, message: "This Idempotency-Key was used with a different request; use a new key for a new request." },
  idempotency_key_in_use: { status: 409, message: "A request with this Idempotency-Key is still being processed; retry in a moment." },
  service_unavailable: { status: 503, message: "A service we depend on is unavailable or too slow; retry after the seconds in Retry-After." },
  internal_error: { status: 500, message: "Something went wrong on our side; retry with exponential backoff." },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof ERRORS;
export type FieldErrors = Record<string, string>;

export interface ApiErrorOptions {
  message?: string;
  fields?: FieldErrors;
  /** Only for codes whose status depends on the endpoint (invalid_token: 401 or 400). */
  status?: 400 | 401;
  headers?: Record<string, string>;
}

/**
 * Marks ApiErrors by a registry-wide symbol rather than by class identity: Next bundles
 * this module more than once (the instrumentation hook that builds the adapters, and each
 * route), so an error thrown by an adapter is from another copy of the class.
 */
const BRAND = Symbol.for("docscan.ApiError");

export class ApiError extends Error {
  static [Symbol.hasInstance](value: unknown): boolean {
    return typeof value === "object" && value !== null && (value as Record<symbol, unknown>)[BRAND] === true;
  }

  readonly [BRAND] = true;
  readonly code: ErrorCode;
  readonly status: number;
  readonly fields?: FieldErrors;
  readonly headers?: Record<string, string>;

  constructor(code: ErrorCode, options: ApiErrorOptions = {}) {
    super(options.message ?? ERRORS[code].message);
    this.code = code;
    this.status = options.status ?? ERRORS[code].status;
    this.fields = options.fields;
    this.headers = options.headers;
  }

  /** The response body: exactly `{ error, message, fields? }`. */
  toBody(): { error: ErrorCode; message: string; fields?: FieldErrors } {
    return this.fields ? { error: this.code, message: this.message, fields: this.fields } : { error: this.code, message: this.message };
  }
}

/** `400 invalid_request` with one or more field problems. */
export function invalidRequest(fields: FieldErrors, message?: string): ApiError {
  return new ApiError("invalid_request", { fields, message });
}
