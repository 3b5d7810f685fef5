import { describe, expect, it } from "vitest";
import { devices } from "playwright-core";
import { api } from "./support/api";
import { readCalls, waitForCall } from "./support/host-server";
import { openHostPage, sessionFor, useLauncherFixture } from "./support/launcher-fixture";
import { decodeQrPng } from "./support/qr";
import { baseUrl } from "./support/server";
import { tinyPdf, uploadPdf } from "./support/tiny-pdf";

const fx = useLauncherFixture();

type HandoffWindow = { startHandoff(id: string, token: string): void; handle: { stop(): void } };

describe("happy", () => {
  it("desktop shows a QR, the phone opens the decoded URL, the desktop sees opened then the result", async () => {
    const desktop = await openHostPage(fx());
    const session = await sessionFor(fx());
    await desktop.evaluate(([id, t]) => (window as unknown as HandoffWindow).startHandoff(id, t), [session.id, session.client_token]);
    const img = desktop.locator('[data-docscan="handoff"] img');
    await desktop.waitForFunction(() => (document.querySelector('[data-docscan="handoff"] img') as HTMLImageElement | null)?.naturalWidth);
    // The service runs on localhost here: the hand-off warns that a phone could not open the code.
    expect(await desktop.locator('[data-docscan="handoff-loopback"]').textContent()).toContain("which a phone cannot reach");
    expect(await img.getAttribute("src")).toBe(`${baseUrl()}/v1/sessions/${session.id}/qr?t=${encodeURIComponent(session.client_token)}`);

    const scanned = decodeQrPng(await img.screenshot());
    expect(scanned).toMatch(new RegExp(`^${baseUrl()}/scan\\?c=[A-Za-z0-9_.-]+$`));
    expect(scanned).not.toContain(session.client_token);

    const phoneContext = await fx().browser.newContext({ ...devices["Pixel 5"] });
    const phone = await phoneContext.newPage();
    await phone.goto(scanned);
    await waitForCall(desktop, "status", "opened");
    expect(await desktop.locator('[data-docscan="handoff"] figcaption').textContent()).toBe("The scanner is open on your phone.");

    const pdf = await tinyPdf(2);
    const uploaded = await uploadPdf(session.client_token, pdf, 2);
    const complete = await waitForCall(desktop, "complete");
    const result = complete.args[0] as { url: string; page_count: number; bytes: number; content_type: string };
    expect(result).toMatchObject({ page_count: 2, bytes: pdf.length, content_type: "application/pdf" });
    expect(result.url.split("?")[0]).toBe(uploaded.result.url.split("?")[0]);
    const file = await fetch(result.url);
    expect(Buffer.from(await file.arrayBuffer()).equals(pdf)).toBe(true);

    expect(await img.count()).toBe(0);
    expect(await desktop.locator('[data-docscan="handoff"] figcaption').textContent()).toBe("Done: your document was received.");
    const requestsBefore = (await readCalls(desktop)).length;
    await desktop.waitForTimeout(2500);
    expect((await readCalls(desktop)).length, "polling stopped after completion").toBe(requestsBefore);
    await phoneContext.close();
    await desktop.context().close();
  });
});

describe("errors", () => {
  it("reports a config error and stops when the token does not match the session", async () => {
    const desktop = await openHostPage(fx());
    const session = await sessionFor(fx());
    const other = await sessionFor(fx());
    await desktop.evaluate(([id, t]) => (window as unknown as HandoffWindow).startHandoff(id, t), [session.id, other.client_token]);
    const error = await waitForCall(desktop, "error");
    expect(error.args[0]).toMatchObject({ code: "config" });
    expect((await readCalls(desktop)).filter((c) => c.name === "complete")).toEqual([]);
    await desktop.context().close();
  });

  it("stop() removes the QR and ends polling before anything happens", async () => {
    const desktop = await openHostPage(fx());
    const session = await sessionFor(fx());
    await desktop.evaluate(([id, t]) => (window as unknown as HandoffWindow).startHandoff(id, t), [session.id, session.client_token]);
    await waitForCall(desktop, "status", "created");
    await desktop.evaluate(() => (window as unknown as HandoffWindow).handle.stop());
    expect(await desktop.locator('[data-docscan="handoff"]').count()).toBe(0);
    await uploadPdf(session.client_token, await tinyPdf(1), 1);
    await desktop.waitForTimeout(2500);
    expect((await readCalls(desktop)).map((c) => c.name)).toEqual(["status"]);
    const status = await api("GET", `/v1/sessions/${session.id}/status?t=${encodeURIComponent(session.client_token)}`);
    expect(status.body.status).toBe("completed");
    await desktop.context().close();
  });
});
