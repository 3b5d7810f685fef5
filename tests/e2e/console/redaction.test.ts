import { describe, expect, it } from "vitest";
import { useBrowser } from "../support/use-browser";
import { expectNoSeriousA11yViolations } from "../support/console";
import { screenshotEveryTheme } from "../support/console-shots";
import { dashboard, sessionWith, signedUpOwner } from "../support/console-data";
import { readSession } from "../support/api";

const browser = useBrowser();
/** Each test takes eight screenshots, each after a reload and an axe run. */
const SHOTS_TIMEOUT_MS = 300_000;

describe("happy", () => {
  it("redacts a session from its detail after a confirmation that says what goes and what stays; the list and detail mark it, the audit names the user", async () => {
    const { page, owner } = await signedUpOwner(browser());
    const done = await sessionWith(owner, { metadata: { patient: "Jane Roe" }, complete: true, pages: 1 });
    const other = await sessionWith(owner, { metadata: { patient: "John Doe" }, complete: true, pages: 1 });
    await page.goto(`/console/sessions/${done.id}`);
    await page.getByTestId("session-metadata").waitFor();

    await screenshotEveryTheme(page, "session-redact-confirm", async (p) => {
      await p.getByRole("button", { name: "Redact…" }).click();
      await p.getByRole("dialog", { name: "Redact this session?" }).waitFor();
    });
    const dialog = page.getByRole("dialog", { name: "Redact this session?" });
    await expect(dialog.innerText()).resolves.toMatch(/Removed:.*document.*metadata.*text.*webhook/s);
    await expect(dialog.innerText()).resolves.toMatch(/Kept:.*id, status, times and mode.*credit/s);
    await dialog.getByRole("button", { name: "Redact for good" }).click();
    await page.getByTestId("redacted-note").waitFor();
    await expect(page.getByTestId("session-metadata").innerText()).resolves.toBe("{}");
    await expect(page.getByTestId("redaction-audit").innerText()).resolves.toMatch(/redacted by console user .+@/);
    expect((await readSession(owner.secretKey, done.id)).body).toMatchObject({ redacted: true, metadata: {}, result: null });
    await screenshotEveryTheme(page, "session-redacted", async (p) => {
      await p.getByTestId("redacted-note").waitFor();
    });

    await page.goto("/console/sessions");
    const rows = page.getByTestId("sessions-table").locator("tbody tr");
    await rows.first().waitFor();
    const texts = await rows.allInnerTexts();
    expect(texts.find((t) => t.startsWith(done.id))).toMatch(/Redacted/);
    expect(texts.find((t) => t.startsWith(other.id))).not.toMatch(/Redacted/);
    await expectNoSeriousA11yViolations(page, "sessions list with a redacted session");
  }, SHOTS_TIMEOUT_MS);

  it("sets the retention policy in Settings; a value above the operator's ceiling is refused next to its field", async () => {
    const { page, owner } = await signedUpOwner(browser());
    await page.goto("/console/settings");
    const keep = page.getByLabel("Keep documents for (hours)");
    await keep.fill("100000");
    await page.getByRole("button", { name: "Save policy" }).click();
    await page.getByText(/must be more than 0 and at most/).waitFor();
    await keep.fill("12");
    await page.getByLabel("Redact finished sessions after (days)").fill("30");
    await page.getByRole("button", { name: "Save policy" }).click();
    await page.getByTestId("retention-result").filter({ hasText: "12 hours" }).waitFor();
    expect(await dashboard(owner, "GET", "/v1/dashboard/retention")).toMatchObject({ document_retention_seconds: 43200, redact_after_days: 30 });
    await screenshotEveryTheme(page, "settings-retention", async (p) => {
      await p.getByLabel("Keep documents for (hours)").scrollIntoViewIfNeeded();
    });
  }, SHOTS_TIMEOUT_MS);
});
