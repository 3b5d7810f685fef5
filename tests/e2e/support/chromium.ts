import { existsSync } from "node:fs";

/** Debian's Chromium (apt-get install -y chromium), or CHROMIUM_PATH. */
export function chromiumPath(): string | null {
  const candidates = [process.env.CHROMIUM_PATH, "/usr/bin/chromium", "/usr/bin/chromium-browser"].filter(Boolean) as string[];
  return candidates.find((p) => existsSync(p)) ?? null;
}
