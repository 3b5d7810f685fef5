/** Hosts that may use plain http: the loopback names a developer's own machine answers on. */
const LOOPBACK_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

/**
 * Why `value` is not an acceptable webhook destination, or null when it is: an absolute
 * https URL, or http for `localhost` / `127.0.0.1` / `[::1]` only (all three are the local
 * machine, so they are treated alike); no credentials in the URL; at most 2048 characters.
 * Used for the tenant endpoint and for a session's `callback_url` (`CallbackUrl`).
 */
export function webhookUrlProblem(value: string): string | null {
  if (value.length > 2048) return "must be at most 2048 characters";
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return "must be an absolute URL";
  }
  if (url.username || url.password) return "must not contain credentials";
  if (url.protocol === "https:") return null;
  if (url.protocol === "http:" && LOOPBACK_HOSTS.has(url.hostname)) return null;
  return url.protocol === "http:" ? "must use https (http is allowed only for localhost)" : "must be an https URL";
}
