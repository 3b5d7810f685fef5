import type { ThemeMode } from "./types";

/**
 * The theme is the account's `theme_mode`; a copy lives in the `sc_theme` cookie (not a
 * secret) so the server renders the right colours on the first paint after a reload.
 */
export const THEME_COOKIE = "sc_theme";
export const THEME_MODES: readonly ThemeMode[] = ["light", "dark", "auto"];

export function isThemeMode(value: unknown): value is ThemeMode {
  return typeof value === "string" && (THEME_MODES as readonly string[]).includes(value);
}

/** Applies a theme to every console root on the page and remembers it for the next load. */
export function applyTheme(mode: ThemeMode): void {
  document.querySelectorAll<HTMLElement>("[data-console-root]").forEach((el) => (el.dataset.theme = mode));
  document.cookie = `${THEME_COOKIE}=${mode}; Path=/; Max-Age=31536000; SameSite=Lax`;
}
