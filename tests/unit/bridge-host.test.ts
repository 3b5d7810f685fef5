import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createHostBridge, isOriginAllowed, type BridgeWindow } from "@/scanner/bridge";

const HOST = "https://shop.example";
const OTHER = "https://evil.example";
const result = { url: "https://api.example/v1/files/f1?exp=1&sig=x", page_count: 2, bytes: 1234, content_type: "application/pdf", pages: [] };

/** A frame whose parent records what it receives, and whose message listeners the test drives. */
function fakeFrame(options: { framed?: boolean; ancestors?: string[] } = {}) {
  const listeners = new Set<(e: MessageEvent) => void>();
  const sent: { message: unknown; targetOrigin: string }[] = [];
  const parent = { postMessage: (message: unknown, targetOrigin: string) => void sent.push({ message, targetOrigin }) };
  const win: BridgeWindow = {
    top: null,
    parent,
    location: { ancestorOrigins: options.ancestors },
    addEventListener: (_t, l) => void listeners.add(l),
    removeEventListener: (_t, l) => void listeners.delete(l),
  };
  win.top = options.framed === false ? win : {};
  const deliver = (data: unknown, origin: string, source: unknown = parent) => {
    for (const l of [...listeners]) l({ data, origin, source } as MessageEvent);
  };
  return { win, sent, deliver, listeners };
}

const init = { source: "docscan", type: "init" };

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe("happy", () => {
  it("runs at once and posts nothing when not framed (the phone opened the QR link)", async () => {
    const f = fakeFrame({ framed: false });
    const bridge = createHostBridge({ sessionId: "sess_1", allowedOrigins: [HOST], win: f.win });
    expect(bridge.framed).toBe(false);
    await expect(bridge.ready()).resolves.toBe(true);
    expect(bridge.post("completed", { result })).toBe(false);
    expect(f.sent).toEqual([]);
    expect(f.listeners.size).toBe(0);
  });

  it("accepts an init from an allowlisted parent and posts only to that origin", async () => {
    const f = fakeFrame({ ancestors: [HOST] });
    const bridge = createHostBridge({ sessionId: "sess_1", allowedOrigins: [OTHER.replace("evil", "x"), HOST], win: f.win });
    f.deliver(init, HOST);
    await expect(bridge.ready()).resolves.toBe(true);
    expect(bridge.hostOrigin()).toBe(HOST);
    expect(bridge.post("ready", {})).toBe(true);
    expect(bridge.post("completed", { result })).toBe(true);
    expect(bridge.post("error", { error: { code: "network", message: "offline" } })).toBe(true);
    expect(f.sent).toEqual([
      { targetOrigin: HOST, message: { source: "docscan", type: "ready", session_id: "sess_1" } },
      { targetOrigin: HOST, message: { source: "docscan", type: "completed", session_id: "sess_1", result } },
      { targetOrigin: HOST, message: { source: "docscan", type: "error", session_id: "sess_1", error: { code: "network", message: "offline" } } },
    ]);
    expect(f.listeners.size).toBe(0);
  });

  it("waits through unrelated messages for the init", async () => {
    const f = fakeFrame();
    const bridge = createHostBridge({ sessionId: "sess_1", allowedOrigins: [HOST], win: f.win });
    f.deliver({ source: "other-widget", type: "init" }, HOST);
    f.deliver("docscan", HOST);
    f.deliver(null, HOST);
    f.deliver(init, HOST);
    await expect(bridge.ready()).resolves.toBe(true);
  });
});

describe("errors", () => {
  it("refuses when no init arrives in time, and then posts nothing", async () => {
    const f = fakeFrame();
    const bridge = createHostBridge({ sessionId: "sess_1", allowedOrigins: [HOST], win: f.win, handshakeTimeoutMs: 500 });
    const ready = bridge.ready();
    await vi.advanceTimersByTimeAsync(499);
    f.deliver({ source: "docscan", type: "ready" }, HOST);
    await vi.advanceTimersByTimeAsync(1);
    await expect(ready).resolves.toBe(false);
    expect(bridge.post("ready", {})).toBe(false);
    f.deliver(init, HOST);
    expect(bridge.post("ready", {})).toBe(false);
    expect(f.sent).toEqual([]);
  });

  it("posts nothing before the handshake settles", () => {
    const f = fakeFrame();
    const bridge = createHostBridge({ sessionId: "sess_1", allowedOrigins: [HOST], win: f.win });
    expect(bridge.post("opened", {})).toBe(false);
    expect(bridge.hostOrigin()).toBeNull();
    expect(f.sent).toEqual([]);
  });
});

describe("security", () => {
  it("refuses an init from a parent origin that is not allowlisted, for good", async () => {
    const f = fakeFrame();
    const bridge = createHostBridge({ sessionId: "sess_1", allowedOrigins: [HOST], win: f.win });
    f.deliver(init, OTHER);
    f.deliver(init, HOST);
    await expect(bridge.ready()).resolves.toBe(false);
    expect(bridge.post("completed", { result })).toBe(false);
    expect(f.sent).toEqual([]);
  });

  it("ignores an init that does not come from the parent window (a sibling or child frame)", async () => {
    const f = fakeFrame();
    const bridge = createHostBridge({ sessionId: "sess_1", allowedOrigins: [HOST], win: f.win, handshakeTimeoutMs: 100 });
    f.deliver(init, HOST, {});
    await vi.advanceTimersByTimeAsync(100);
    await expect(bridge.ready()).resolves.toBe(false);
  });

  it("refuses an allowlisted parent that is itself framed by a foreign site", async () => {
    const f = fakeFrame({ ancestors: [HOST, OTHER] });
    const bridge = createHostBridge({ sessionId: "sess_1", allowedOrigins: [HOST], win: f.win });
    f.deliver(init, HOST);
    await expect(bridge.ready()).resolves.toBe(false);
    expect(f.sent).toEqual([]);
  });

  it("matches origins exactly: scheme, host and port, no prefixes or wildcards", () => {
    const allowed = ["https://shop.example", "http://localhost:3000"];
    expect(isOriginAllowed("https://shop.example", allowed)).toBe(true);
    expect(isOriginAllowed("http://shop.example", allowed)).toBe(false);
    expect(isOriginAllowed("https://shop.example:8443", allowed)).toBe(false);
    expect(isOriginAllowed("https://shop.example.evil.example", allowed)).toBe(false);
    expect(isOriginAllowed("https://a.shop.example", allowed)).toBe(false);
    expect(isOriginAllowed("http://localhost:3001", allowed)).toBe(false);
    expect(isOriginAllowed("null", [...allowed, "null"])).toBe(false);
  });

  it("checks the immediate parent listed by the browser against the handshake origin", () => {
    const allowed = [HOST, "https://b.example"];
    expect(isOriginAllowed(HOST, allowed, ["https://b.example"])).toBe(false);
    expect(isOriginAllowed(HOST, allowed, [HOST, "https://b.example"])).toBe(true);
    expect(isOriginAllowed(HOST, allowed, ["null", "null"])).toBe(true);
    expect(isOriginAllowed(HOST, allowed, [])).toBe(true);
  });
});
