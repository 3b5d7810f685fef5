/**
 * Shared set-up for the launcher and hand-off suites: one Chromium, one tenant whose
 * allowlist holds the "shop" origin (and not the "other" origin), and both host servers.
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll } from "vitest";
import { allowOrigin, createSession, newTenant, type Tenant } from "./api";
import { launchChromium, type LaunchOptions } from "./browser";
import { forgedScannerPage, launcherHostPage, startHostServer, type HostServer } from "./host-server";

export interface LauncherFixture {
  browser: Browser;
  tenant: Tenant;
  /** Allowlisted integrator origin. */
  shop: HostServer;
  /** A second integrator origin that is NOT on the allowlist. */
  other: HostServer;
  close(): Promise<void>;
}

export async function startLauncherFixture(launch: LaunchOptions = {}): Promise<LauncherFixture> {
  const routes = (): Record<string, string> => ({ "/": launcherHostPage(), "/forged": forgedScannerPage("sess_forged") });
  const otherRoutes = routes();
  const [browser, tenant, shop, other] = await Promise.all([launchChromium(launch), newTenant(), startHostServer(routes()), startHostServer(otherRoutes)]);
  // A foreign page that frames the allowlisted integrator page (clickjacking shape).
  otherRoutes["/wrap"] = `<!doctype html><title>Wrapper</title><iframe id="shop" src="${shop.origin}/" style="width:1000px;height:800px"></iframe>`;
  await allowOrigin(tenant, shop.origin);
  return {
    browser,
    tenant,
    shop,
    other,
    close: async () => {
      await browser.close();
      await Promise.all([shop.close(), other.close()]);
    },
  };
}

/** Starts the fixture before this file's tests and stops it after; returns a getter. */
export function useLauncherFixture(launch: LaunchOptions = {}): () => LauncherFixture {
  let fx: LauncherFixture | undefined;
  beforeAll(async () => {
    fx = await startLauncherFixture(launch);
  });
  afterAll(() => fx?.close());
  return () => {
    if (!fx) throw new Error("the launcher fixture has not started");
    return fx;
  };
}

/** A session whose scanner may be embedded by `origin` (must be on the tenant allowlist). */
export function sessionFor(fx: LauncherFixture, origin = fx.shop.origin) {
  return createSession(fx.tenant.secretKey, { allowed_origins: [origin], metadata: { suite: "launcher" } });
}

/** A fresh desktop page on the given host origin with the launcher loaded. */
export async function openHostPage(fx: LauncherFixture, host: HostServer = fx.shop): Promise<Page> {
  const context = await fx.browser.newContext({ viewport: { width: 1280, height: 860 } });
  const page = await context.newPage();
  await page.goto(`${host.origin}/`);
  await page.waitForFunction(() => "DocScan" in window);
  return page;
}
