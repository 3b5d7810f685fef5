import { unstable_doesMiddlewareMatch } from "next/experimental/testing/server";
import { describe, expect, it } from "vitest";
import { config } from "../../proxy";

// proxy.ts's one matcher must cover exactly the pages that need a CSP nonce, /scan (its
// frame-ancestors) but not the scanner's assets,
// and /v1 paths only when bare or holding a `%` (every other API call skips the proxy).
const matches = (url: string) => unstable_doesMiddlewareMatch({ config, url });

describe("proxy matcher", () => {
  it.each(["/", "/console", "/console/login", "/console/keys/abc", "/demo", "/docs", "/scan", "/scan?t=a.b.c", "/v1", "/v1/%zz", "/v1/sessions/%zz/status", "/v1/a%20b"])("runs on %s", (url) => {
    expect(matches(url)).toBe(true);
  });

  it.each(["/v1/sessions", "/v1/sessions/sess_x/status?t=a%2Eb", "/v1/health", "/scan/x", "/scan/ocr/7.0.0/worker.min.js", "/scans", "/docs/x", "/demos", "/consoles", "/console-x", "/v1x", "/launcher.js", "/_next/static/chunks/a.js"])(
    "skips %s",
    (url) => {
      expect(matches(url)).toBe(false);
    },
  );
});
