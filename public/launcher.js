// @ts-check
/* global window, document, location, HTMLElement, HTMLScriptElement, fetch, setInterval, clearInterval */
/**
 * docscan launcher: the one script integrators embed (`<script src="{base_url}/launcher.js">`).
 * Defines `window.DocScan` with `open()` (scanner in a modal or inline iframe) and
 * `handoff()` (QR code for the phone plus status polling). Hand-written, no build step, one
 * file, so it stays a single cacheable request; the README's "Embedding the scanner" section is the integrator's guide.
 *
 * Trust: the scanner, the QR and the status endpoint live on the origin this script was
 * loaded from. Messages are accepted only from that origin AND from the iframe this
 * launcher created; the scanner answers only after the `init` handshake, whose origin it
 * checks against the session's `allowed_origins`.
 */
(function () {
  "use strict";

  /** @typedef {"ready"|"opened"|"page_captured"|"completed"|"error"|"cancelled"|"closed"} ScannerEventType */
  /** @typedef {{ url: string, page_count: number, bytes: number, content_type: string }} ScanResult */
  /** @typedef {{ code: "config"|"network"|"scan_error", message: string, status?: string }} DocScanError */
  /** @typedef {{ source: "docscan", type: ScannerEventType, session_id: string, result?: ScanResult, error?: DocScanError, page_count?: number }} ScannerMessage */
  /**
   * @typedef {object} OpenOptions
   * @property {string} scanUrl `scan_url` from `POST /v1/sessions`.
   * @property {"modal"|"inline"} [mode] Default "modal".
   * @property {HTMLElement|string} [container] Element or selector; required for "inline".
   * @property {string} [height] CSS height of the inline iframe (default "640px").
   * @property {(result: ScanResult, message: ScannerMessage) => void} [onComplete]
   * @property {(error: DocScanError, message?: ScannerMessage) => void} [onError]
   * @property {() => void} [onCancel] The user left without a document.
   * @property {() => void} [onClose] The scanner UI was removed, for any reason (after onCancel when cancelled).
   * @property {(message: ScannerMessage) => void} [onEvent] Every accepted scanner message.
   */
  /**
   * @typedef {object} HandoffOptions
   * @property {string} sessionId
   * @property {string} clientToken
   * @property {HTMLElement|string} container
   * @property {(result: ScanResult) => void} [onComplete]
   * @property {(error: DocScanError) => void} [onError]
   * @property {(status: string) => void} [onStatus] Each new status while waiting, e.g. "opened".
   */

  const SOURCE = "docscan";
  const EVENT_TYPES = ["ready", "opened", "page_captured", "completed", "error", "cancelled", "closed"];
  const POLL_MS = 2000;
  const INIT_RETRY_MS = 250;
  const HANDSHAKE_TIMEOUT_MS = 15000;
  const MAX_NETWORK_FAILURES = 10;
  const MODAL_FRAME_CSS = "display:block;width:100%;height:100%;max-width:560px;max-height:920px;border:0;border-radius:12px;background:#fff";
  const OVERLAY_CSS = "position:fixed;inset:0;z-index:2147483647;display:flex;align-items:center;justify-content:center;padding:min(3vh,24px) min(3vw,24px);box-sizing:border-box;background:rgba(15,23,42,.78)";
  const CLOSE_CSS = "position:absolute;top:8px;right:8px;width:44px;height:44px;border:0;border-radius:22px;background:#fff;color:#0f172a;font:600 24px/44px system-ui,sans-serif;cursor:pointer;box-shadow:0 1px 4px rgba(0,0,0,.3)";
  const script = document.currentScript;
  /** The service's origin: the scanner, QR and status endpoint are all served from it. */
  const ORIGIN = script instanceof HTMLScriptElement && script.src ? new URL(script.src).origin : location.origin;

  /** @param {unknown} data @returns {data is ScannerMessage} */
  function isScannerMessage(data) {
    if (typeof data !== "object" || data === null) return false;
    const m = /** @type {Record<string, unknown>} */ (data);
    return m.source === SOURCE && typeof m.type === "string" && EVENT_TYPES.includes(m.type);
  }

  /** @param {HTMLElement|string|undefined} target @returns {HTMLElement} */
  function resolveContainer(target) {
    const el = typeof target === "string" ? document.querySelector(target) : target;
    if (!(el instanceof HTMLElement)) throw new TypeError("DocScan: `container` must be an element or a selector that matches one.");
    return el;
  }

  /** @param {string} scanUrl @returns {string} */
  function checkScanUrl(scanUrl) {
    let url;
    try {
      url = new URL(scanUrl);
    } catch {
      throw new TypeError("DocScan: `scanUrl` must be the absolute scan_url returned by POST /v1/sessions.");
    }
    if (url.origin !== ORIGIN) throw new TypeError(`DocScan: \`scanUrl\` must be on ${ORIGIN}, the origin launcher.js was loaded from.`);
    return url.href;
  }

  /** @param {string} tag @param {Record<string, string>} attrs @param {string} [css] */
  function el(tag, attrs, css) {
    const node = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
    if (css) node.style.cssText = css;
    return node;
  }

  /** @param {string} src @param {string} css */
  function createFrame(src, css) {
    return /** @type {HTMLIFrameElement} */ (el("iframe", { title: "Document scanner", allow: "camera; fullscreen", src }, css));
  }

  /**
   * Sends the `init` handshake after every load of the frame until the scanner answers, and
   * reports a config error when it never does (the usual cause: this page's origin is not in
   * the session's allowed_origins, so the scanner refuses and stays silent).
   * @param {HTMLIFrameElement} frame @param {() => void} onSilent
   */
  function startHandshake(frame, onSilent) {
    let heard = false;
    /** @type {ReturnType<typeof setInterval> | undefined} */
    let retry;
    /** @type {ReturnType<typeof setTimeout> | undefined} */
    let timeout;
    const stop = () => (clearInterval(retry), clearTimeout(timeout));
    const send = () => frame.contentWindow?.postMessage({ source: SOURCE, type: "init" }, ORIGIN);
    frame.addEventListener("load", () => {
      stop();
      heard = false;
      send();
      retry = setInterval(send, INIT_RETRY_MS);
      timeout = setTimeout(() => (stop(), heard || onSilent()), HANDSHAKE_TIMEOUT_MS);
    });
    return { stop, answered: () => ((heard = true), stop()) };
  }

  /**
   * Opens the hosted scanner in a modal overlay or inline in `container`.
   * @param {OpenOptions} options
   * @returns {{ close(): void, iframe: HTMLIFrameElement }}
   */
  function open(options) {
    const src = checkScanUrl(options.scanUrl);
    const mode = options.mode ?? "modal";
    if (mode !== "modal" && mode !== "inline") throw new TypeError('DocScan: `mode` must be "modal" or "inline".');
    const host = mode === "inline" ? resolveContainer(options.container) : null;
    let done = false;
    const frame = createFrame(src, mode === "inline" ? `display:block;width:100%;height:${options.height ?? "640px"};border:0` : MODAL_FRAME_CSS);
    const ui = host ? mountInline(host, frame) : mountModal(frame, () => finish(!done));
    const handshake = startHandshake(frame, () => options.onError?.({ code: "config", message: "The scanner did not start on this page: is this page's origin in the session's allowed_origins?" }));

    /** @param {MessageEvent} event */
    function onMessage(event) {
      if (event.origin !== ORIGIN || event.source !== frame.contentWindow || !isScannerMessage(event.data)) return;
      const msg = event.data;
      handshake.answered();
      options.onEvent?.(msg);
      if (msg.type === "completed" && msg.result) {
        done = true;
        options.onComplete?.(msg.result, msg);
      } else if (msg.type === "error" && msg.error) options.onError?.(msg.error, msg);
      else if (msg.type === "cancelled") finish(!done);
      else if (msg.type === "closed") finish(false);
    }

    /** @param {boolean} cancelled */
    function finish(cancelled) {
      if (!frame.isConnected) return;
      window.removeEventListener("message", onMessage);
      handshake.stop();
      ui.remove();
      if (cancelled) options.onCancel?.();
      options.onClose?.();
    }

    window.addEventListener("message", onMessage);
    return { close: () => finish(!done), iframe: frame };
  }

  /** @param {HTMLElement} host @param {HTMLIFrameElement} frame */
  function mountInline(host, frame) {
    host.appendChild(frame);
    return { remove: () => frame.remove() };
  }

  /**
   * Full-screen overlay: close button, Escape closes, Tab stays inside (sentinels wrap focus
   * around), page scroll locked, focus returned to where it was on close.
   * @param {HTMLIFrameElement} frame @param {() => void} onDismiss
   */
  function mountModal(frame, onDismiss) {
    const returnFocus = document.activeElement;
    const overlay = el("div", { role: "dialog", "aria-modal": "true", "aria-label": "Document scanner", "data-docscan": "modal" }, OVERLAY_CSS);
    const close = el("button", { type: "button", "aria-label": "Close scanner" }, CLOSE_CSS);
    close.textContent = "\u00d7";
    const first = el("span", { tabindex: "0" });
    const last = el("span", { tabindex: "0" });
    first.addEventListener("focus", () => frame.focus());
    last.addEventListener("focus", () => close.focus());
    close.addEventListener("click", onDismiss);
    /** @param {KeyboardEvent} e */
    const onKey = (e) => {
      if (e.key !== "Escape") return;
      e.preventDefault();
      onDismiss();
    };
    overlay.append(first, close, frame, last);
    const overflow = document.documentElement.style.overflow;
    document.documentElement.style.overflow = "hidden";
    document.addEventListener("keydown", onKey, true);
    document.body.appendChild(overlay);
    close.focus();
    return {
      remove() {
        document.removeEventListener("keydown", onKey, true);
        document.documentElement.style.overflow = overflow;
        overlay.remove();
        if (returnFocus instanceof HTMLElement && returnFocus.isConnected) returnFocus.focus();
      },
    };
  }

  /**
   * Shows the QR code for continuing on a phone and polls the session status every 2 s
   * (paused while the tab is hidden) until it completes, expires or fails.
   * @param {HandoffOptions} options
   * @returns {{ stop(): void }}
   */
  function handoff(options) {
    const host = resolveContainer(options.container);
    if (!options.sessionId || !options.clientToken) throw new TypeError("DocScan: `sessionId` and `clientToken` are required.");
    const base = `${ORIGIN}/v1/sessions/${encodeURIComponent(options.sessionId)}`;
    const query = `?t=${encodeURIComponent(options.clientToken)}`;
    const ui = mountHandoff(host, `${base}/qr${query}`);
    let shown = "";
    const poller = pollStatus(`${base}/status${query}`, {
      onStatus(status) {
        if (status === shown) return;
        shown = status;
        ui.say(STATUS_TEXT[status] ?? STATUS_TEXT.created);
        options.onStatus?.(status);
      },
      onComplete(result) {
        ui.finish(STATUS_TEXT.completed);
        options.onComplete?.(result);
      },
      onError(error) {
        ui.finish(error.message);
        options.onError?.(error);
      },
    });
    return { stop: () => (poller.stop(), ui.remove()) };
  }

  /** @type {Record<string, string>} */
  const STATUS_TEXT = {
    created: "Scan the code with your phone's camera to continue there.",
    opened: "The scanner is open on your phone.",
    scanning: "Receiving your document\u2026",
    completed: "Done: your document was received.",
  };

  /** Hosts a phone cannot reach: on them the QR code would open the phone's own localhost. */
  const LOOPBACK = /^(localhost|.*\.localhost|127\.\d+\.\d+\.\d+|\[::1\])$/i;

  /** Shown only on a development install (the service on a loopback host), so in English. */
  function loopbackNote() {
    const note = el("p", { "data-docscan": "handoff-loopback", role: "note" }, "max-width:280px;margin:0;padding:8px;border:1px dashed currentColor;border-radius:8px;font-size:13px");
    note.textContent = `Developer note: this code opens ${ORIGIN}, which a phone cannot reach. Set PUBLIC_BASE_URL to an address the phone can reach (the LAN address npm start prints, or an https tunnel); the camera also needs https.`;
    return note;
  }

  /** @param {HTMLElement} host @param {string} qrSrc */
  function mountHandoff(host, qrSrc) {
    const root = el("figure", { "data-docscan": "handoff" }, "margin:0;display:inline-flex;flex-direction:column;align-items:center;gap:12px;font:15px/1.4 system-ui,sans-serif;color:inherit");
    const img = el("img", { src: qrSrc, width: "240", height: "240", alt: "QR code: scan it with your phone to continue there", referrerpolicy: "no-referrer" }, "background:#fff;padding:8px;border-radius:8px");
    const text = el("figcaption", { "aria-live": "polite" }, "max-width:280px;text-align:center");
    text.textContent = STATUS_TEXT.created;
    root.append(img, text);
    if (LOOPBACK.test(new URL(ORIGIN).hostname)) root.append(loopbackNote());
    host.appendChild(root);
    return {
      /** @param {string} s */ say: (s) => void (text.textContent = s),
      /** @param {string} s */ finish: (s) => void (img.remove(), (text.textContent = s)),
      remove: () => root.remove(),
    };
  }

  /**
   * Status loop: one request at a time, every POLL_MS while visible; network errors and
   * 429/5xx are retried, giving up after MAX_NETWORK_FAILURES in a row.
   * @param {string} url
   * @param {{ onStatus(s: string): void, onComplete(r: ScanResult): void, onError(e: DocScanError): void }} on
   */
  function pollStatus(url, on) {
    let stopped = false;
    let failures = 0;
    /** @type {ReturnType<typeof setTimeout> | undefined} */
    let timer;
    const schedule = () => void (stopped || (timer = setTimeout(tick, POLL_MS)));
    const onVisible = () => !document.hidden && (clearTimeout(timer), tick());
    /** @param {DocScanError} error */
    const fail = (error) => (stop(), on.onError(error));
    const stop = () => ((stopped = true), clearTimeout(timer), document.removeEventListener("visibilitychange", onVisible));

    async function tick() {
      if (stopped || document.hidden) return;
      const res = await fetch(url, { cache: "no-store", credentials: "omit" }).catch(() => null);
      if (stopped) return;
      if (!res || res.status === 429 || res.status >= 500) {
        if (++failures >= MAX_NETWORK_FAILURES) return fail({ code: "network", message: "Lost contact with the scanning service." });
        return schedule();
      }
      failures = 0;
      if (res.status === 410) return fail({ code: "scan_error", status: "expired", message: "The session expired. Start again to get a new code." });
      if (!res.ok) return fail({ code: "config", message: `The session could not be read (HTTP ${res.status}); check sessionId and clientToken.` });
      const view = await res.json().catch(() => null);
      if (stopped) return;
      if (!view) return schedule();
      if (view.status === "completed" || view.status === "delivered") return stop(), on.onComplete(view.result);
      if (view.status === "expired" || view.status === "failed") return fail({ code: "scan_error", status: view.status, message: view.status === "expired" ? "The session expired. Start again to get a new code." : "The scan failed on the phone." });
      on.onStatus(view.status);
      schedule();
    }

    document.addEventListener("visibilitychange", onVisible);
    tick();
    return { stop };
  }

  /** @type {Window & { DocScan?: unknown }} */ (window).DocScan = Object.freeze({ version: 1, origin: ORIGIN, open, handoff });
})();
