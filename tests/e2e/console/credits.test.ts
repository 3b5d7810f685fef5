import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { useBrowser } from "../support/use-browser";
import { expectNoSeriousA11yViolations, ownerContext, saveScreenshot, setThemeTo, signUpInBrowser } from "../support/console";
import { pageOverflow, sessionWith, signedUpOwner } from "../support/console-data";

const browser = useBrowser();

async function ledgerRows(page: Page): Promise<string[]> {
  return page.getByTestId("ledger").locator("tbody tr").allInnerTexts();
}

async function openCredits(page: Page) {
  await page.goto("/console/credits");
  await page.getByTestId("ledger").waitFor();
}

describe("happy", () => {
  it("shows the balance, 30-day spend and the sign-up grant; a top-up changes balance, ledger and the shell at once", async () => {
    const page = await (await ownerContext(browser())).newPage();
    await signUpInBrowser(page);
    await openCredits(page);
    await expect(page.getByTestId("credits-balance").innerText()).resolves.toBe("250");
    await expect(page.getByTestId("credits-spent").innerText()).resolves.toBe("0");
    const [grant] = await ledgerRows(page);
    expect(grant).toMatch(/Sign-up grant\s+\+250\s+250\s+—\s+—/);
    await expect(page.getByText("No card is charged").isVisible()).resolves.toBe(true);
    await expectNoSeriousA11yViolations(page, "credits, new account");

    await page.getByRole("button", { name: "Add 2,500 credits" }).click();
    await page.getByTestId("topup-result").filter({ hasText: "Added 2,500 credits. Your balance is now 2,750 credits." }).waitFor();
    await expect(page.getByTestId("credits-balance").innerText()).resolves.toBe("2,750");
    await page.getByTestId("shell-balance").filter({ hasText: "2,750 credits" }).waitFor({ timeout: 2000 });
    const rows = await ledgerRows(page);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatch(/Top-up\s+\+2,500\s+2,750/);
    await expectNoSeriousA11yViolations(page, "credits after a top-up");

    // The overview shows the new balance too.
    await page.getByRole("link", { name: "Overview" }).click();
    await page.getByTestId("overview-balance").filter({ hasText: "2,750 credits" }).waitFor();
  });

  it("a scanned document appears as a −1 entry linking to its session, and counts in the 30-day spend", async () => {
    const { page, owner } = await signedUpOwner(browser());
    const session = await sessionWith(owner, { complete: true, metadata: { ref: "invoice-7" } });
    await openCredits(page);
    await expect(page.getByTestId("credits-spent").innerText()).resolves.toBe("1");
    const [scan] = await ledgerRows(page);
    expect(scan).toMatch(new RegExp(`Document scanned\\s+−1\\s+249\\s+${session.id}`));
    await page.getByTestId("ledger").getByRole("link", { name: session.id }).click();
    await page.waitForURL(`**/console/sessions/${session.id}`);
    await page.getByTestId("session-metadata").filter({ hasText: "invoice-7" }).waitFor();
  });

  it("screenshots in both themes, phone and desktop", async () => {
    for (const viewport of ["phone", "desktop"] as const) {
      const { page, owner } = await signedUpOwner(browser(), { viewport });
      await sessionWith(owner, { complete: true });
      for (const theme of ["light", "dark"] as const) {
        await setThemeTo(page, theme);
        await page.goto("/console/credits");
        await page.getByTestId("ledger").waitFor();
        if (theme === "light") {
          await page.getByRole("button", { name: "Add 500 credits" }).click();
          await page.getByTestId("topup-result").filter({ hasText: "Added 500" }).waitFor();
        }
        await expectNoSeriousA11yViolations(page, `credits ${viewport} ${theme}`);
        await saveScreenshot(page, `credits-${viewport}-${theme}`);
        await expect(pageOverflow(page), `${viewport} page width`).resolves.toBeLessThanOrEqual(0);
      }
    }
  });
});

describe("errors", () => {
  it("a failed top-up says nothing was added, in words, and leaves the balance alone", async () => {
    const page = await (await ownerContext(browser())).newPage();
    await signUpInBrowser(page);
    await openCredits(page);
    await page.route("**/v1/dashboard/credits/topup", (route) => route.abort("connectionrefused"));
    await page.getByRole("button", { name: "Add 500 credits" }).click();
    const alert = page.getByTestId("topup-error");
    await alert.filter({ hasText: /./ }).waitFor();
    await expect(alert.innerText()).resolves.toBe("No credits were added. The service could not be reached. Check your connection and try again.");
    await expect(alert.getAttribute("role")).resolves.toBe("alert");
    await expect(page.getByTestId("credits-balance").innerText()).resolves.toBe("250");
    await expect(ledgerRows(page)).resolves.toHaveLength(1);
    await expectNoSeriousA11yViolations(page, "credits, top-up failed");
  });

  it("the button says it is working while the top-up is in flight, and no second pack can be bought meanwhile", async () => {
    const page = await (await ownerContext(browser())).newPage();
    await signUpInBrowser(page);
    await openCredits(page);
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/v1/dashboard/credits/topup", async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole("button", { name: "Add 10,000 credits" }).click();
    const busy = page.getByRole("button", { name: "Adding…" });
    await busy.waitFor();
    await expect(busy.getAttribute("aria-busy")).resolves.toBe("true");
    await expect(page.getByRole("button", { name: "Add 500 credits" }).isDisabled()).resolves.toBe(true);
    release();
    await page.getByTestId("credits-balance").filter({ hasText: "10,250" }).waitFor();
  });
});

describe("security", () => {
  it("a signed-out visit goes to log-in and back to credits", async () => {
    const page = await (await ownerContext(browser())).newPage();
    await page.goto("/console/credits");
    await page.waitForURL((url) => url.pathname === "/console/login");
    expect(new URL(page.url()).searchParams.get("next")).toBe("/console/credits");
  });
});
