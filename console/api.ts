/**
 * The console's one way to reach the API: same-origin fetch with the `sc_session` cookie,
 * JSON in and out, every failure as a `ConsoleApiError` carrying the API's `error` code,
 * `fields` and `Retry-After`. A `401 unauthorized` is announced once, so the shell can send
 * the owner to log-in and back.
 */
export type FieldErrors = Record<string, string>;

export class ConsoleApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields: FieldErrors = {},
    /** Seconds from `Retry-After`, when the answer carried one. */
    readonly retryAfter: number | null = null,
  ) {
    super(message);
  }
}

export const UNAUTHORIZED_EVENT = "docscan:unauthorized";

type Method = "GET" | "POST" | "PUT" | "DELETE";

export async function apiCall<T>(method: Method, path: string, body?: unknown): Promise<T> {
  let res: Response;
  try {
    res = await fetch(path, {
      method,
      credentials: "same-origin",
      headers: body === undefined ? undefined : { "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
      cache: "no-store",
    });
  } catch {
    throw new ConsoleApiError(0, "network", "The service could not be reached.");
  }
  const payload = await res.json().catch(() => null);
  if (res.ok) return payload as T;
  const error = toError(res, payload);
  if (error.status === 401 && error.code === "unauthorized") window.dispatchEvent(new Event(UNAUTHORIZED_EVENT));
  throw error;
}

function toError(res: Response, payload: unknown): ConsoleApiError {
  const body = (payload ?? {}) as { error?: unknown; message?: unknown; fields?: unknown };
  const retry = Number(res.headers.get("retry-after"));
  return new ConsoleApiError(
    res.status,
    typeof body.error === "string" ? body.error : "internal_error",
    typeof body.message === "string" ? body.message : `The service answered ${res.status}.`,
    isFieldErrors(body.fields) ? body.fields : {},
    Number.isFinite(retry) && retry > 0 ? retry : null,
  );
}

function isFieldErrors(value: unknown): value is FieldErrors {
  return typeof value === "object" && value !== null && Object.values(value).every((v) => typeof v === "string");
}

export const api = {
  get: <T>(path: string) => apiCall<T>("GET", path),
  post: <T>(path: string, body: unknown = {}) => apiCall<T>("POST", path, body),
  put: <T>(path: string, body: unknown) => apiCall<T>("PUT", path, body),
  delete: <T>(path: string, body?: unknown) => apiCall<T>("DELETE", path, body),
};
