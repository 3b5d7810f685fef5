import type { ConsoleApiError } from "./api";

/**
 * What an API error means to an account owner, in words that say what to do next. The
 * codes are the API's own (lib/errors.ts); a page may pass a more specific sentence for a
 * code it expects (`overrides`).
 */
const MESSAGES: Record<string, string> = {
  network: "The service could not be reached. Check your connection and try again.",
  unauthorized: "Your session has ended. Log in again to continue.",
  invalid_credentials: "That email and password do not match an account. Check both and try again.",
  email_taken: "An account with this email already exists. Log in instead, or use another email.",
  invalid_request: "Some fields need attention; see the messages next to them.",
  not_found: "That item no longer exists. Reload the page to see the current list.",
  insufficient_credits: "Your balance is below one credit. Top up on the Credits page, then try again.",
  no_endpoint: "Set a webhook URL and save it before sending a test.",
  default_profile: "This profile is the default. Make another profile the default first, then delete this one.",
  origin_not_allowed: "The request came from another site and was refused. Use the console at its own address.",
  method_not_allowed: "The console sent a request the service does not accept. Reload the page and try again.",
  internal_error: "Something went wrong on our side. Try again in a moment.",
  service_unavailable: "The service is busy or down for a moment. Try again shortly.",
};

export function describeError(error: ConsoleApiError, overrides: Record<string, string> = {}): string {
  if (error.code === "rate_limited") return `Too many attempts. Wait ${waitWords(error.retryAfter)} and try again.`;
  return overrides[error.code] ?? MESSAGES[error.code] ?? `${error.message} (${error.code})`;
}

function waitWords(seconds: number | null): string {
  if (seconds === null) return "a few minutes";
  if (seconds < 90) return `${seconds} second${seconds === 1 ? "" : "s"}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minutes`;
}
