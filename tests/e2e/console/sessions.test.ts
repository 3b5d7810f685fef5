import { describe, expect, it } from "vitest";
import { useBrowser } from "../support/use-browser";
import { expectNoSeriousA11yViolations, ownerContext, saveScreenshot, setThemeTo, signUpInBrowser } from "../support/console";
import { createSession, api } from "../support/api";
import { pageOverflow, sessionWith, signedUpOwner } from "../support/console-data";
import { scannedPdf, tinyPdf, uploadPdf } from "../support/tiny-pdf";

const browser = useBrowser();

const HOSTILE = {
  name: '<img src=x onerror="window.__pwned=1"><script>window.__pwned=2</script>',
  flipped: "\u202Egnp.exe",
  hidden: "a\u200Bb",
  long: "W".repeat(4000),
  nested: { deeper: { list: [1, 2, { x: "y" }] } },
};

describe("happy", () => {
  it("an empty account shows how sessions arrive", async () => {
    const page = await (await ownerContext(browser())).newPage();
    await signUpInBrowser(page);
    await page.goto("/console/sessions");
    await page.getByText("No sessions yet").waitFor();
    await expect(page.getByText("Sessions appear here when your server creates one").isVisible()).resolves.toBe(true);
    await expectNoSeriousA11yViolations(page, "sessions, empty");
  });

  it("lists sessions newest first, filters by status through the API, and opens a session's detail", async () => {
    const { page, owner } = await signedUpOwner(browser());
    const first = await sessionWith(owner, { metadata: { order: "first" } });
    const done = await sessionWith(owner, { metadata: { order: "second", customer: { id: 42 } }, complete: true, pages: 3 });
    const last = await sessionWith(owner);

    await page.goto("/console/sessions");
    const rows = page.getByTestId("sessions-table").locator("tbody tr");
    await rows.first().waitFor();
    const texts = await rows.allInnerTexts();
    expect(texts.map((t) => t.split(/\s/)[0])).toEqual([last.id, done.id, first.id]);
    expect(texts[1]).toMatch(/Completed\s+Test\s+3\s/);
    expect(texts[1]).toContain("order: second");
    expect(texts[1]).toContain('customer: {"id":42}');
    await expect(page.getByTestId("sessions-count").innerText()).resolves.toBe("Showing 3 sessions.");
    await expectNoSeriousA11yViolations(page, "sessions list");

    await page.getByLabel("Status").selectOption("completed");
    await page.getByRole("button", { name: "Apply" }).click();
    await expect.poll(() => new URL(page.url()).search).toBe("?status=completed");
    await expect.poll(() => rows.count()).toBe(1);
    await page.getByLabel("Status").selectOption("failed");
    await page.getByRole("button", { name: "Apply" }).click();
    await page.getByText("No session matches").waitFor();
    await page.getByRole("button", { name: "Reset" }).click();
    await expect.poll(() => rows.count()).toBe(3);

    await page.getByRole("link", { name: done.id }).click();
    await page.waitForURL(`**/console/sessions/${done.id}`);
    const metadata = page.getByTestId("session-metadata");
    await metadata.waitFor();
    await expect(metadata.innerText()).resolves.toBe(JSON.stringify({ order: "second", customer: { id: 42 } }, null, 2));
    await expectNoSeriousA11yViolations(page, "session detail");

    await page.goto("/console/sessions/sess_doesnotexist000000000");
    await page.getByText("Session not found").waitFor();
    await expectNoSeriousA11yViolations(page, "session not found");
  });

  it("finds a session by the order number in its metadata, shows its pages and downloads its PDF", async () => {
    const { page, owner } = await signedUpOwner(browser());
    const session = await createSession(owner.secretKey, { metadata: { order: "ORD-77231", customer: "Ada" } });
    await uploadPdf(session.client_token, await scannedPdf(2), 2);
    await sessionWith(owner, { metadata: { order: "ORD-99999" } });

    await page.goto("/console/sessions");
    await page.getByTestId("sessions-table").waitFor();
    await page.getByLabel("Search").fill("ord-77231");
    await page.getByRole("button", { name: "Apply" }).click();
    const rows = page.getByTestId("sessions-table").locator("tbody tr");
    await expect.poll(() => rows.count()).toBe(1);
    await page.getByRole("link", { name: session.id }).click();
    await page.waitForURL(`**/console/sessions/${session.id}`);

    // The pictures load lazily: bring them into view first. A document's first look makes its
    // pictures in a worker thread (docs/sessions.md), which a loaded machine makes slow.
    await page.locator(".c-thumbs").scrollIntoViewIfNeeded();
    await expect.poll(() => page.locator(".c-thumbs img").evaluateAll((imgs) => imgs.filter((i) => (i as HTMLImageElement).naturalWidth > 0).length), { timeout: 30_000 }).toBe(2);
    await expect(page.getByTestId("document-facts").innerText()).resolves.toMatch(/^2 pages, .* PDF\. Kept until /);
    const href = await page.getByTestId("download-pdf").getAttribute("href");
    const res = await page.request.get(href!);
    expect(res.status()).toBe(200);
    expect(res.headers()["content-type"]).toBe("application/pdf");
    expect((await res.body()).subarray(0, 5).toString()).toBe("%PDF-");
    await expectNoSeriousA11yViolations(page, "session detail with document");
  });

  it("screenshots in both themes, phone and desktop", async () => {
    for (const viewport of ["phone", "desktop"] as const) {
      const { page, owner } = await signedUpOwner(browser(), { viewport });
      await sessionWith(owner, { metadata: { order: "A-1001", customer: "Ada Lovelace" } });
      const done = await sessionWith(owner, { metadata: HOSTILE, complete: true, pages: 2 });
      for (const theme of ["light", "dark"] as const) {
        await setThemeTo(page, theme);
        await page.goto("/console/sessions");
        await page.getByTestId("sessions-table").waitFor();
        await expectNoSeriousA11yViolations(page, `sessions ${viewport} ${theme}`);
        await saveScreenshot(page, `sessions-${viewport}-${theme}`);
        await page.goto(`/console/sessions/${done.id}`);
        await page.getByTestId("session-metadata").waitFor();
        await expectNoSeriousA11yViolations(page, `session detail ${viewport} ${theme}`);
        await saveScreenshot(page, `session-detail-${viewport}-${theme}`);
      }
    }
  });
});

describe("page quality", () => {
  it("shows the scanner's per-page report in words, readable at phone width; nothing without one", async () => {
    const { page, owner } = await signedUpOwner(browser(), { viewport: "phone" });
    const page1 = { filter: "auto", source: "camera", corners: "detected", confidence: 0.92, width: 1654, height: 2339, dpi: 200, sharpness: 0.48, glare: 0.002, brightness: 0.78, unevenness_before: 0.22, unevenness_after: 0.04, warnings: [] };
    const page2 = { ...page1, filter: "bw", source: "file", corners: "default", confidence: 0, dpi: 120, sharpness: 0.1, glare: 0.08, brightness: 0.2, warnings: ["blurry", "dark"] };
    const session = await createSession(owner.secretKey);
    const up = await api("POST", "/v1/scanner/upload", { json: { session: session.client_token, payload: (await tinyPdf(2)).toString("base64"), pages: 2, report: [page1, page2] } });
    expect(up.status).toBe(200);

    await page.goto(`/console/sessions/${session.id}`);
    const list = page.getByTestId("page-reports");
    await list.waitFor();
    const items = list.locator("li");
    await expect(items.count()).resolves.toBe(2);
    const first = await items.nth(0).innerText();
    expect(first).toContain("Page 1 · Auto — clean document");
    expect(first).toMatch(/Sharpness\s+0\.48 good/);
    expect(first).toMatch(/Uneven light\s+22 % → 4\.0 % good/);
    const second = await items.nth(1).innerText();
    expect(second).toContain("Page 2 · Black & white");
    expect(second).toMatch(/Sharpness\s+0\.10 poor/);
    expect(second).toContain("A photo picked from the phone");
    expect(second).toContain("blurry, too dark");
    await expect(pageOverflow(page)).resolves.toBeLessThanOrEqual(0);
    await expectNoSeriousA11yViolations(page, "session detail with page report");
    await saveScreenshot(page, "session-detail-page-report-phone");

    const plain = await sessionWith(owner, { complete: true });
    await page.goto(`/console/sessions/${plain.id}`);
    await page.getByTestId("session-metadata").waitFor();
    await expect(page.getByTestId("page-reports").count()).resolves.toBe(0);
    await expect(page.getByText("Page quality").count()).resolves.toBe(0);
  });
});

describe("errors", () => {
  it("a failed list read says so and recovers", async () => {
    const page = await (await ownerContext(browser())).newPage();
    await signUpInBrowser(page);
    let fail = true;
    await page.route("**/v1/dashboard/sessions?*", (route) => (fail ? route.abort("connectionrefused") : route.continue()));
    await page.goto("/console/sessions");
    await page.getByRole("alert").filter({ hasText: "Could not load your sessions. The service could not be reached." }).waitFor();
    fail = false;
    await page.getByRole("button", { name: "Try again" }).click();
    await page.getByText("No sessions yet").waitFor();
  });
});

describe("security", () => {
  it("hostile metadata stays inert text and does not break the layout at 360 px", async () => {
    const { page, owner } = await signedUpOwner(browser(), { viewport: "phone" });
    const session = await sessionWith(owner, { metadata: HOSTILE });
    for (const path of ["/console/sessions", `/console/sessions/${session.id}`]) {
      await page.goto(path);
      await page.locator("[data-testid=sessions-table], [data-testid=session-metadata]").first().waitFor();
      await expect(page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned), path).resolves.toBeUndefined();
      await expect(page.locator("main img, main script").count(), path).resolves.toBe(0);
      await expect(pageOverflow(page), `${path} page width`).resolves.toBeLessThanOrEqual(0);
      const text = await page.locator("main").innerText();
      expect(text, path).not.toContain("\u202E");
      expect(text, path).not.toContain("\u200B");
    }
    const shown = await page.getByTestId("session-metadata").innerText();
    expect(shown).toContain("\\u202e");
    expect(shown).toContain('"name": "<img src=x onerror=\\"window.__pwned=1\\"><script>');
  });
});
