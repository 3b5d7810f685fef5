/**
 * Session metadata is whatever an integrator's server sent: show it as inert, bounded text.
 * React already escapes markup; this also neutralises characters that can reorder or hide
 * text on screen (bidi overrides, zero-width and control characters).
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point: they are made visible.
const INVISIBLE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u00ad\u061c\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u206f\ufeff]/g;

export function visibleText(text: string): string {
  return text.replace(INVISIBLE, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
}

/**
 * Metadata as readable `key: value` lines for a list: top-level keys in order, a string
 * value as is, anything else as JSON; each line cut at `max` characters, at most `lines`
 * lines (then "+ n more").
 */
export function metadataLines(metadata: Record<string, unknown>, lines = 3, max = 60): string[] {
  const entries = Object.entries(metadata ?? {});
  const cut = (s: string) => (s.length > max ? `${s.slice(0, max - 1)}…` : s);
  const shown = entries.slice(0, lines).map(([k, v]) => visibleText(cut(`${k}: ${typeof v === "string" ? v : JSON.stringify(v)}`.replace(/\s+/g, " "))));
  return entries.length > lines ? [...shown, `+ ${entries.length - lines} more`] : shown;
}

/** Metadata pretty-printed for the detail view. */
export function metadataPretty(metadata: Record<string, unknown>): string {
  return visibleText(JSON.stringify(metadata ?? {}, null, 2));
}
