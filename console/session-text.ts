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

/** A one-line preview of metadata, at most `max` characters. */
export function metadataPreview(metadata: Record<string, unknown>, max = 80): string {
  const keys = Object.keys(metadata ?? {});
  if (keys.length === 0) return "";
  const text = visibleText(JSON.stringify(metadata).replace(/\s+/g, " "));
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** Metadata pretty-printed for the detail view. */
export function metadataPretty(metadata: Record<string, unknown>): string {
  return visibleText(JSON.stringify(metadata ?? {}, null, 2));
}
