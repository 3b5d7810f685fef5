import type { Browser } from "playwright-core";
import { afterAll, beforeAll } from "vitest";
import { launchChromium } from "./browser";

/** One Chromium for a test file: launched before its tests, closed after them. Call the result inside tests and hooks. */
export function useBrowser(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(() => browser?.close());
  return () => {
    if (!browser) throw new Error("Chromium has not started yet (use it inside a test or hook)");
    return browser;
  };
}
