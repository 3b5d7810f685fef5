import { normalizeOrigin } from "@/lib/domains/normalize-origin";

/** The origin an add stored: the entry the new list has that the old one lacked (else the input, normalised as the API does). */
export function addedOrigin(before: readonly string[], after: readonly string[], input: string): string {
  return after.find((d) => !before.includes(d)) ?? normalizeOrigin(input) ?? input.trim();
}

const LOCAL_WITHOUT_SCHEME = /^(localhost|127\.0\.0\.1)(:\d+)?([/?#].*)?$/i;

/**
 * `localhost:3000` typed without a scheme is stored as `https://localhost:3000`, but a
 * development server on the owner's machine almost always serves plain http. Returns the
 * http origin they probably meant, or null when the input was not such a case.
 */
export function localhostHttpHint(typed: string, stored: string): string | null {
  if (!LOCAL_WITHOUT_SCHEME.test(typed.trim()) || !stored.startsWith("https://")) return null;
  return `http://${stored.slice("https://".length)}`;
}
