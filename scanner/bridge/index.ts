/**
 * Scanner side of the host-page channel. Usage from the scanner page, after
 * `GET /v1/scanner/config` answered (it carries `session_id` and `allowed_origins`):
 *
 *   const bridge = createHostBridge({ sessionId: cfg.session_id, allowedOrigins: cfg.allowed_origins });
 *   if (!(await bridge.ready())) return showRefusal();   // "This scanner can't run on this site"
 *   bridge.post("ready", {});                               // then opened, page_captured, completed, ...
 *   bridge.post("completed", { result });  bridge.post("error", { error: { code: "network", message } });
 *
 * - Not framed (QR/phone case): `ready()` resolves true at once and `post` is a no-op.
 * - Framed: `ready()` waits for the launcher's `{source:"docscan", type:"init"}` from
 *   `window.parent`; its `event.origin` (set by the browser, unforgeable) must be in
 *   `allowedOrigins`, and so must every ancestor the browser lists in
 *   `location.ancestorOrigins`. No init within `handshakeTimeoutMs`, or a refused origin:
 *   resolves false, and `post` sends nothing, ever.
 * - Messages go only to the origin accepted in the handshake (never `"*"`).
 * - Until `ready()` settles true, show a neutral loading state, not the camera.
 * - The launcher closes the modal/inline frame on `cancelled` (calls onCancel) and on `closed`
 *   (no cancel). The scanner posts `closed` when the person dismisses the done screen (its
 *   Close button, or Escape). Keyboard focus inside the iframe never reaches the launcher's
 *   Escape handler, so a framed scanner takes Escape as Cancel (scanner/ui/scanner-screens.tsx).
 * - `error.code` comes from one table, scanner/bridge/error-code.ts.
 */
import { buildScannerMessage, isInitMessage, type ScannerEventPayloads, type ScannerEventType } from "./messages";

export * from "./messages";

/** The slice of `window` the bridge uses (a parameter so unit tests can pass a fake). */
export interface BridgeWindow {
  top: unknown;
  parent: { postMessage(message: unknown, targetOrigin: string): void };
  location: { ancestorOrigins?: ArrayLike<string> };
  addEventListener(type: "message", listener: (event: MessageEvent) => void): void;
  removeEventListener(type: "message", listener: (event: MessageEvent) => void): void;
}

export interface HostBridgeOptions {
  sessionId: string;
  allowedOrigins: readonly string[];
  win?: BridgeWindow;
  /** How long to wait for the launcher's init once the bridge exists. */
  handshakeTimeoutMs?: number;
}

export interface HostBridge {
  /** True when the page runs inside a frame (embedded by a launcher). */
  readonly framed: boolean;
  /** Resolves true when the scanner may run here (and talk to the host), false when it must refuse. */
  ready(): Promise<boolean>;
  /** Sends one event to the accepted host origin; returns whether anything was sent. */
  post<T extends ScannerEventType>(type: T, payload: ScannerEventPayloads[T]): boolean;
  /** The accepted host origin, or null (not framed, pending or refused). */
  hostOrigin(): string | null;
}

export const DEFAULT_HANDSHAKE_TIMEOUT_MS = 10_000;

/** Creates the bridge and starts listening for the launcher's handshake immediately. */
export function createHostBridge(options: HostBridgeOptions): HostBridge {
  const win = options.win ?? (window as unknown as BridgeWindow);
  const framed = win.top !== win;
  let accepted: string | null = null;
  const settled = framed ? awaitHandshake(win, options).then((origin) => ((accepted = origin), origin !== null)) : Promise.resolve(true);

  return {
    framed,
    ready: () => settled,
    hostOrigin: () => accepted,
    post(type, payload) {
      if (accepted === null) return false;
      win.parent.postMessage(buildScannerMessage(type, options.sessionId, payload), accepted);
      return true;
    },
  };
}

/** Resolves the host origin once an acceptable init arrives from the parent, or null. */
function awaitHandshake(win: BridgeWindow, options: HostBridgeOptions): Promise<string | null> {
  return new Promise((resolve) => {
    const finish = (origin: string | null) => {
      clearTimeout(timer);
      win.removeEventListener("message", onMessage);
      resolve(origin);
    };
    const onMessage = (event: MessageEvent) => {
      if (event.source !== win.parent || !isInitMessage(event.data)) return;
      finish(isOriginAllowed(event.origin, options.allowedOrigins, win.location.ancestorOrigins) ? event.origin : null);
    };
    const timer = setTimeout(() => finish(null), options.handshakeTimeoutMs ?? DEFAULT_HANDSHAKE_TIMEOUT_MS);
    win.addEventListener("message", onMessage);
  });
}

/**
 * The handshake origin must be allowlisted (exact match on scheme, host and port). Where the
 * browser exposes the frame's ancestors (Chromium, WebKit), every one of them must be too, so
 * an allowlisted page framed by a foreign site cannot lend the scanner its origin. Ancestors
 * hidden by a referrer policy appear as "null" and are not held against the host.
 */
export function isOriginAllowed(origin: string, allowed: readonly string[], ancestors?: ArrayLike<string>): boolean {
  if (origin === "null" || !allowed.includes(origin)) return false;
  const listed = ancestors ? Array.from(ancestors) : [];
  if (listed.length > 0 && listed[0] !== "null" && listed[0] !== origin) return false;
  return listed.every((a) => a === "null" || allowed.includes(a));
}
