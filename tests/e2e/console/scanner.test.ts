import { describe, expect, it } from "vitest";
import type { Frame, Page } from "playwright-core";
import { api } from "../support/api";
import { useBrowser } from "../support/use-browser";
import { baseUrl } from "../support/server";
import { expectNoSeriousA11yViolations, ownerContext, saveScreenshot, setThemeTo, signUpInBrowser, type OwnerOptions } from "../support/console";

const browser = useBrowser();

interface Overview {
  default_profile_id: string;
  profiles: { id: string; name: string; scanner: { theme: { accent: string; brandName?: string }; watermark: { enabled: boolean; text?: string } } }[];
}

/** A signed-up owner on the Scanner page, and their cookie for HTTP checks. */
async function ownerOnScanner(options: OwnerOptions = {}): Promise<{ page: Page; cookie: string }> {
  const context = await ownerContext(browser(), options);
  const page = await context.newPage();
  await signUpInBrowser(page);
  await page.goto("/console/scanner");
  await page.getByRole("heading", { name: "Settings of “Default”" }).waitFor();
  const session = (await context.cookies()).find((c) => c.name === "sc_session");
  return { page, cookie: `sc_session=${session?.value}` };
}

async function overviewOverHttp(cookie: string): Promise<Overview> {
  const res = await api("GET", "/v1/dashboard/scanner", { headers: { cookie } });
  expect(res.status).toBe(200);
  return res.body as Overview;
}

/** Opens the preview and resolves to the scanner's frame once the scanner has answered the handshake. */
async function previewFrame(page: Page, previousSession?: string): Promise<{ frame: Frame; sessionId: string }> {
  const iframe = page.locator("iframe[title^='Scanner preview']");
  if (previousSession) await page.locator(`iframe[title^='Scanner preview']:not([data-session-id='${previousSession}'])`).waitFor();
  else await iframe.waitFor();
  await page.getByTestId("preview-status").filter({ hasText: "The preview shows the saved settings" }).waitFor({ timeout: 20_000 });
  const frame = await (await iframe.elementHandle())!.contentFrame();
  return { frame: frame!, sessionId: (await iframe.getAttribute("data-session-id"))! };
}

function editor(page: Page) {
  return page.getByRole("form", { name: /^Settings of/ });
}

describe("happy", () => {
  it("a valid edit (brand name, accent) is saved as a patch and shows in the live preview after save", async () => {
    const { page, cookie } = await ownerOnScanner();
    await page.getByRole("button", { name: "Show preview" }).click();
    const first = await previewFrame(page);
    await expect(first.frame.locator(".ds-brand").count()).resolves.toBe(0);
    expect(await page.locator("iframe[title^='Scanner preview']").getAttribute("allow")).toBe("camera");

    const puts: unknown[] = [];
    page.on("request", (r) => r.method() === "PUT" && puts.push(r.postDataJSON()));
    await editor(page).getByLabel("Brand name").fill("Acme Scans");
    await editor(page).getByLabel("Accent colour", { exact: true }).fill("rgb(194 65 12)");
    await expect(editor(page).getByLabel("Accent colour: colour picker").inputValue()).resolves.toBe("#c2410c");
    await page.getByRole("button", { name: "Save settings" }).click();
    await page.getByTestId("editor-status").filter({ hasText: "Saved “Default”" }).waitFor();
    expect(puts).toEqual([{ scanner: { theme: { accent: "rgb(194 65 12)", brandName: "Acme Scans" } } }]);

    const second = await previewFrame(page, first.sessionId);
    await expect(second.frame.locator(".ds-brand").innerText()).resolves.toBe("Acme Scans");
    const accent = await second.frame.evaluate(() => getComputedStyle(document.querySelector(".ds-app")!).getPropertyValue("--accent").trim());
    expect(accent).toBe("rgb(194 65 12)");

    const saved = (await overviewOverHttp(cookie)).profiles[0].scanner.theme;
    expect(saved).toMatchObject({ accent: "rgb(194 65 12)", brandName: "Acme Scans" });
    // The preview is a test-mode session tagged as a preview.
    const sessions = await api("GET", "/v1/dashboard/sessions", { headers: { cookie } });
    const preview = (sessions.body.sessions as { id: string; mode: string; metadata: Record<string, unknown> }[]).find((s) => s.id === second.sessionId);
    expect(preview).toMatchObject({ mode: "test", metadata: { source: "dashboard_preview" } });
    await expectNoSeriousA11yViolations(page, "scanner with preview");
  });

  it("creates, renames, makes default and deletes profiles; a duplicate name and deleting the default are explained", async () => {
    const { page, cookie } = await ownerOnScanner();
    const status = page.getByTestId("profiles-status");
    const problem = page.getByTestId("profiles-problem");

    await page.getByLabel("Profile name", { exact: true }).fill("Kiosk");
    await page.getByRole("button", { name: "Create profile" }).click();
    await status.filter({ hasText: "Created “Kiosk” from the platform defaults" }).waitFor();
    await page.getByRole("heading", { name: "Settings of “Kiosk”" }).waitFor();
    await expect(editor(page).getByLabel("Accent colour", { exact: true }).inputValue()).resolves.toBe("#1a90cc");

    // The API's duplicate-name answer lands at the name field.
    await page.getByLabel("Profile name", { exact: true }).fill("Kiosk");
    await page.getByRole("button", { name: "Create profile" }).click();
    await page.getByText("Profile name is already used by another profile").waitFor();
    await expect(page.getByLabel("Profile name", { exact: true }).getAttribute("aria-invalid")).resolves.toBe("true");

    await page.getByRole("button", { name: "Rename Kiosk" }).click();
    await page.getByLabel("New name for “Kiosk”").fill("Front desk");
    await page.getByRole("button", { name: "Save name" }).click();
    await status.filter({ hasText: "Renamed “Kiosk” to “Front desk”" }).waitFor();

    await page.getByRole("button", { name: "Delete Default" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Delete profile" }).click();
    await problem.filter({ hasText: "“Default” is the default profile, so it cannot be deleted. Make another profile the default first" }).waitFor();
    await expectNoSeriousA11yViolations(page, "scanner profiles with the 409");
    await saveScreenshot(page, "scanner-profiles-409-desktop-light");

    await page.getByRole("button", { name: "Make default (Front desk)" }).click();
    await status.filter({ hasText: "“Front desk” is now the default" }).waitFor();
    await page.getByRole("button", { name: "Delete Default" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Delete profile" }).click();
    await status.filter({ hasText: "Deleted “Default”" }).waitFor();

    const overview = await overviewOverHttp(cookie);
    expect(overview.profiles.map((p) => p.name)).toEqual(["Front desk"]);
    expect(overview.default_profile_id).toBe(overview.profiles[0].id);
    await page.reload();
    await page.getByRole("heading", { name: "Settings of “Front desk”" }).waitFor();
  });

  it("asks before switching profiles over unsaved changes", async () => {
    const { page } = await ownerOnScanner();
    await page.getByLabel("Profile name", { exact: true }).fill("Kiosk");
    await page.getByRole("button", { name: "Create profile" }).click();
    await page.getByRole("heading", { name: "Settings of “Kiosk”" }).waitFor();
    await editor(page).getByLabel("Brand name").fill("Not saved yet");
    const asked: string[] = [];
    page.once("dialog", (d) => (asked.push(d.message()), void d.dismiss()));
    await page.getByRole("button", { name: "Edit settings of Default" }).click();
    await expect.poll(() => asked).toEqual(["Discard your unsaved changes to “Kiosk”?"]);
    await expect(editor(page).getByLabel("Brand name").inputValue()).resolves.toBe("Not saved yet");
    page.once("dialog", (d) => void d.accept());
    await page.getByRole("button", { name: "Edit settings of Default" }).click();
    await page.getByRole("heading", { name: "Settings of “Default”" }).waitFor();
    await expect(editor(page).getByLabel("Brand name").inputValue()).resolves.toBe("");
  });

  it("the editor works with the keyboard alone", async () => {
    const { page, cookie } = await ownerOnScanner();
    await page.keyboard.press("Tab"); // the skip link
    await page.keyboard.press("Enter");
    await tabTo(page, "Brand name");
    await page.keyboard.type("Keyboard Co");
    await tabTo(page, "Accent colour");
    await page.keyboard.press("ControlOrMeta+A");
    await page.keyboard.type("#0a7");
    await tabTo(page, "Most pages per document");
    await page.keyboard.press("ControlOrMeta+A");
    await page.keyboard.type("5");
    // The radio group is one tab stop, on the chosen filter; arrows choose another.
    await tabTo(page, "Auto — clean document");
    await page.keyboard.press("ArrowDown");
    await tabTo(page, "Save settings");
    const outline = await page.evaluate(() => getComputedStyle(document.activeElement!).outlineStyle);
    expect(outline).toBe("solid");
    await page.keyboard.press("Enter");
    await page.getByTestId("editor-status").filter({ hasText: "Saved" }).waitFor();
    const saved = (await overviewOverHttp(cookie)).profiles[0].scanner as unknown as { theme: { accent: string; brandName: string }; options: { maxPages: number; grayscale: boolean; filter: string } };
    expect(saved.theme).toMatchObject({ accent: "#0a7", brandName: "Keyboard Co" });
    // The console writes the spec's grayscale together with the filter (docs/console.md).
    expect(saved.options).toMatchObject({ maxPages: 5, grayscale: true, filter: "grayscale" });
  });

  const looks = (["desktop", "phone"] as const).flatMap((viewport) => (["light", "dark"] as const).map((theme) => ({ viewport, theme })));
  it.each(looks)("looks right at $viewport width in $theme: the preview beside the form on desktop, below it on a phone", async ({ viewport, theme }) => {
    const { page } = await ownerOnScanner({ viewport, colorScheme: theme });
    try {
      await lookAt(page, viewport, theme);
    } finally {
      await page.context().close();
    }
  }, 240_000);
});

/** Shows the preview, checks where it sits and that nothing scrolls sideways, runs axe and saves the screenshot. */
async function lookAt(page: Page, viewport: "desktop" | "phone", theme: "light" | "dark"): Promise<void> {
  await setThemeTo(page, theme);
  await page.reload();
  await page.getByRole("button", { name: "Show preview" }).click();
  await previewFrame(page);
  const form = await editor(page).boundingBox();
  const device = await page.locator(".c-preview__device").boundingBox();
  if (viewport === "desktop") expect(device!.x).toBeGreaterThan(form!.x + form!.width - 1);
  else expect(device!.y).toBeGreaterThan(form!.y + form!.height - 1);
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width, "no sideways scrolling").toBeLessThanOrEqual(viewport === "phone" ? 360 : 1280);
  await expectNoSeriousA11yViolations(page, `scanner ${viewport} ${theme}`);
  await page.evaluate(() => window.scrollTo(0, 0));
  await saveScreenshot(page, `scanner-${viewport}-${theme}`);
}

describe("errors", () => {
  it("invalid values show at their fields and nothing is saved", async () => {
    const { page, cookie } = await ownerOnScanner();
    const puts: string[] = [];
    page.on("request", (r) => r.method() === "PUT" && puts.push(r.url()));
    await editor(page).getByLabel("Accent colour", { exact: true }).fill("blue");
    await editor(page).getByLabel("Stamp a watermark on every page").check();
    await editor(page).getByLabel("Watermark opacity").fill("2");
    await page.getByRole("button", { name: "Save settings" }).click();

    await page.getByText("Accent colour must be a colour: #rgb, #rrggbb or rgb(r g b)").waitFor();
    await page.getByText("Watermark text is required while the watermark is on").waitFor();
    await page.getByText("Watermark opacity must be at most 1").waitFor();
    await page.getByTestId("editor-problem").filter({ hasText: "Nothing was saved: 3 settings need attention" }).waitFor();
    await expect(editor(page).getByLabel("Accent colour", { exact: true }).getAttribute("aria-invalid")).resolves.toBe("true");
    await expect(editor(page).getByLabel("Watermark text").getAttribute("aria-invalid")).resolves.toBe("true");
    await expect(page.evaluate(() => document.activeElement?.getAttribute("aria-invalid"))).resolves.toBe("true");
    expect(puts).toEqual([]);
    await expectNoSeriousA11yViolations(page, "scanner editor with errors");
    await page.evaluate(() => window.scrollTo(0, 0));
    await saveScreenshot(page, "scanner-errors-desktop-light");

    const saved = (await overviewOverHttp(cookie)).profiles[0].scanner;
    expect(saved.theme.accent).toBe("#1a90cc");
    expect(saved.watermark.enabled).toBe(false);
    await page.reload();
    await expect(editor(page).getByLabel("Accent colour", { exact: true }).inputValue()).resolves.toBe("#1a90cc");
    await expect(editor(page).getByLabel("Stamp a watermark on every page").isChecked()).resolves.toBe(false);
  });

  it("a 402 on the preview says to top up", async () => {
    const { page } = await ownerOnScanner();
    await page.route("**/v1/dashboard/scanner/preview-session", (route) =>
      route.fulfill({ status: 402, contentType: "application/json", body: JSON.stringify({ error: "insufficient_credits", message: "Balance below one credit." }) }),
    );
    await page.getByRole("button", { name: "Show preview" }).click();
    await page.getByTestId("preview-problem").filter({ hasText: "The preview needs a balance of at least 1 credit" }).waitFor();
    await expect(page.locator("iframe").count()).resolves.toBe(0);
  });
});

describe("security", () => {
  it("the preview frame runs the scanner only after the console's own-origin handshake", async () => {
    const { page } = await ownerOnScanner();
    await page.getByRole("button", { name: "Show preview" }).click();
    const { frame } = await previewFrame(page);
    const ancestors = await frame.evaluate(() => Array.from(location.ancestorOrigins));
    expect(ancestors).toEqual([new URL(page.url()).origin]);
    // The console page itself still refuses to be framed.
    const res = await fetch(`${baseUrl()}/console/scanner`);
    expect(res.headers.get("x-frame-options")).toBe("DENY");
  });
});

/** Presses Tab until the focused control's label (or text) starts with `name`. */
async function tabTo(page: Page, name: string): Promise<void> {
  for (let i = 0; i < 80; i++) {
    await page.keyboard.press("Tab");
    const focused = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      if (!el) return "";
      const labelled = el.id ? document.querySelector(`label[for="${CSS.escape(el.id)}"]`)?.textContent : null;
      return (labelled ?? el.getAttribute("aria-label") ?? el.textContent ?? "").trim();
    });
    if (focused === name) return;
  }
  throw new Error(`Tab never reached ${name}`);
}
