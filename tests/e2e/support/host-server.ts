/**
 * An integrator's site on a second (and third) localhost origin: a tiny node:http server
 * whose pages embed `/launcher.js` from the app, so origin checks meet real browsers.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { Page } from "playwright-core";
import { baseUrl } from "./server";

export interface HostServer {
  origin: string;
  close(): Promise<void>;
}

/** Serves `routes` (path → HTML, read per request) on a free port of localhost; anything else is 404. */
export async function startHostServer(routes: Record<string, string>): Promise<HostServer> {
  const server: Server = createServer((req, res) => {
    const html = routes[new URL(req.url ?? "/", "http://x").pathname];
    res.writeHead(html === undefined ? 404 : 200, { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" });
    res.end(html ?? "not found");
  });
  await new Promise<void>((resolve) => server.listen(0, "localhost", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://localhost:${port}`,
    close: () => new Promise((resolve) => (server.closeAllConnections(), server.close(() => resolve()))),
  };
}

/**
 * An integrator page: a focusable button, an inline container, a QR container, the launcher,
 * and helpers that record every callback in `window.calls` for the test to read.
 */
export function launcherHostPage(): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Integrator form</title></head>
<body>
  <h1>Integrator form</h1>
  <button id="start" type="button">Attach document</button>
  <div id="inline"></div>
  <div id="qr"></div>
  <script src="${baseUrl()}/launcher.js"></script>
  <script>
    window.calls = [];
    const record = (name) => (...args) => window.calls.push({ name, args: JSON.parse(JSON.stringify(args)) });
    const callbacks = { onComplete: record("complete"), onError: record("error"), onCancel: record("cancel"), onClose: record("close") };
    window.openScanner = (scanUrl, mode) => {
      window.handle = DocScan.open({ ...callbacks, scanUrl, mode, container: "#inline", onEvent: record("event") });
    };
    window.startHandoff = (sessionId, clientToken) => {
      window.handle = DocScan.handoff({ ...callbacks, sessionId, clientToken, container: "#qr", onStatus: record("status") });
    };
  </script>
</body></html>`;
}

/** A page that tries to pass itself off as the scanner by posting docscan messages upward. */
export function forgedScannerPage(sessionId: string): string {
  const forged = ["ready", "completed", "error", "cancelled", "closed"].map((type) => ({
    source: "docscan",
    type,
    session_id: sessionId,
    result: { url: "https://evil.example/x.pdf", page_count: 9, bytes: 9, content_type: "application/pdf" },
    error: { code: "config", message: "forged" },
  }));
  return `<!doctype html><html><body><script>
    const forged = ${JSON.stringify(forged)};
    for (const m of forged) { parent.postMessage(m, "*"); top.postMessage(m, "*"); }
    document.body.dataset.sent = "yes";
  </script></body></html>`;
}

export interface Call {
  name: string;
  args: unknown[];
}

/** The callbacks the host page has seen so far. */
export function readCalls(page: Page): Promise<Call[]> {
  return page.evaluate(() => (window as unknown as { calls: Call[] }).calls);
}

/** Names of the scanner messages the launcher passed to onEvent, in order. */
export async function eventTypes(page: Page): Promise<string[]> {
  const calls = await readCalls(page);
  return calls.filter((c) => c.name === "event").map((c) => (c.args[0] as { type: string }).type);
}

/** Waits until the host page has seen a callback `name` (optionally with the given first argument). */
export async function waitForCall(page: Page, name: string, firstArg?: unknown, timeout = 20_000): Promise<Call> {
  await page.waitForFunction(
    ([n, a]) => (window as unknown as { calls: Call[] }).calls.some((c) => c.name === n && (a === undefined || JSON.stringify(c.args[0]) === JSON.stringify(a))),
    [name, firstArg] as const,
    { timeout },
  );
  const calls = await readCalls(page);
  return calls.find((c) => c.name === name && (firstArg === undefined || JSON.stringify(c.args[0]) === JSON.stringify(firstArg)))!;
}
