/**
 * Puts data behind a browser-signed-up owner over real HTTP, as their server would: the
 * owner's console cookie for dashboard calls, a secret key made with it, sessions created
 * with that key and completed through the scanner's upload path.
 */
import type { Browser, BrowserContext, Page } from "playwright-core";
import { api, createSession } from "./api";
import { ownerContext, signUpInBrowser, type OwnerOptions } from "./console";
import { tinyPdf, uploadPdf } from "./tiny-pdf";

export interface OwnerApi {
  cookie: string;
  secretKey: string;
}

/** The `sc_session` cookie of a signed-in browser context, as a Cookie header value. */
export async function consoleCookie(context: BrowserContext): Promise<string> {
  const cookie = (await context.cookies()).find((c) => c.name === "sc_session");
  if (!cookie) throw new Error("the context is not signed in");
  return `sc_session=${cookie.value}`;
}

/** Creates a secret test key for the signed-in owner of `context`. */
export async function ownerApi(context: BrowserContext): Promise<OwnerApi> {
  const cookie = await consoleCookie(context);
  const res = await api("POST", "/v1/dashboard/keys", { json: { name: "e2e server", kind: "secret", mode: "test" }, headers: { cookie } });
  if (res.status !== 201) throw new Error(`key creation answered ${res.status}: ${JSON.stringify(res.body)}`);
  return { cookie, secretKey: res.body.secret as string };
}

/** Creates a session and, when asked, completes it with a small PDF of `pages` pages. */
export async function sessionWith(owner: OwnerApi, options: { metadata?: Record<string, unknown>; complete?: boolean; pages?: number } = {}) {
  const session = await createSession(owner.secretKey, options.metadata ? { metadata: options.metadata } : {});
  if (options.complete) {
    const pages = options.pages ?? 1;
    await uploadPdf(session.client_token, await tinyPdf(pages), pages);
  }
  return session;
}

/** A dashboard call with the owner's cookie. */
export async function dashboard(owner: Pick<OwnerApi, "cookie">, method: string, path: string, json?: unknown) {
  const res = await api(method, path, { json, headers: { cookie: owner.cookie } });
  if (res.status >= 300) throw new Error(`${method} ${path} answered ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body;
}

/** A fresh owner signed up in the browser, with a secret key for their "server". */
export async function signedUpOwner(browser: Browser, options: OwnerOptions = {}) {
  const context = await ownerContext(browser, options);
  const page = await context.newPage();
  await signUpInBrowser(page);
  return { context, page, owner: await ownerApi(context) };
}

/** How many CSS pixels the page is wider than the viewport (0 when nothing sticks out). */
export function pageOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}
