// eslint-disable-next-line no-control-regex -- NUL is exactly what this looks for
const UNREPRESENTABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const UNREPRESENTABLE_ALL = new RegExp(UNREPRESENTABLE.source, "g");

/**
 * Whether a string holds a character the database cannot store: NUL (refused by Postgres
 * `text` and `jsonb`) or an unpaired surrogate (no UTF-8 form; jsonb refuses its escape).
 * The one rule for "storable text", used by request parsing and by domain schemas.
 */
export function hasUnrepresentable(text: string): boolean {
  return UNREPRESENTABLE.test(text);
}

/** The string with every unstorable character replaced by U+FFFD (for naming a field). */
export function replaceUnrepresentable(text: string): string {
  return text.replace(UNREPRESENTABLE_ALL, "\ufffd");
}
