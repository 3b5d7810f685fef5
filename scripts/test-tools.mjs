/**
 * The system programs some tests need, declared once: `npm test` probes them before it runs
 * and lists what will not run without them (scripts/test.mjs), and each test that needs one
 * skips itself when it is missing (tests/support/tools.ts), except where every tool is
 * required: under CI (CI=true) or with REQUIRE_TOOLS=1 a missing tool fails the run instead.
 * Checking a PDF needs none (tests/support/pdf-check.ts reads PDFs with pdf.js and pdf-lib),
 * except the browser suite's renders of photographed pages, which stay on pdftoppm.
 */
import { accessSync, constants, existsSync } from "node:fs";
import path from "node:path";

/** CHROMIUM_PATH when set (and there), else Debian's Chromium (apt-get install -y chromium). */
export function chromiumPath() {
  const candidates = process.env.CHROMIUM_PATH ? [process.env.CHROMIUM_PATH] : ["/usr/bin/chromium", "/usr/bin/chromium-browser"];
  return candidates.find((p) => existsSync(p)) ?? null;
}

/** `name` as the PATH finds it, or null. */
export function onPath(name) {
  for (const dir of (process.env.PATH ?? "").split(path.delimiter).filter(Boolean)) {
    const file = path.join(dir, name);
    try {
      accessSync(file, constants.X_OK);
      return file;
    } catch {
      // not in this directory
    }
  }
  return null;
}

/**
 * Every tool: the Debian package that brings it, what needs it (a whole project, or files),
 * and how to find it.
 */
export const TOOLS = [
  { tool: "chromium", apt: "chromium", project: "e2e", files: null, what: "the browser suite (tests/e2e)", find: chromiumPath },
  { tool: "pdftoppm", apt: "poppler-utils", project: "e2e", files: null, what: "the browser suite's page renders (tests/e2e)", find: () => onPath("pdftoppm") },
  { tool: "redis-server", apt: "redis-server", project: "fault", files: ["tests/fault/redis-outage.test.ts"], what: "the Redis outage tests (their own Redis servers)", find: () => onPath("redis-server") },
  { tool: "curl", apt: "curl", project: "fault", files: ["tests/fault/readme-quickstart.test.ts"], what: "the README quick start, run as written", find: () => onPath("curl") },
  // `npm start -- --https` makes its certificate with openssl; these tests make theirs with it too.
  { tool: "openssl", apt: "openssl", project: "service", files: ["tests/unit/lan-certificate.test.ts"], what: "the LAN certificate of npm start -- --https", find: () => onPath("openssl") },
  { tool: "openssl", apt: "openssl", project: "fault", files: ["tests/fault/server-entry.test.ts"], what: "the start with a certificate and key (HTTPS_CERT_FILE)", find: () => onPath("openssl") },
];

/** Whether a missing tool fails the run instead of skipping what needs it. */
export function toolsRequired() {
  return process.env.CI === "true" || process.env.REQUIRE_TOOLS === "1" || process.env.REQUIRE_E2E === "1";
}

/** The tools not found. */
export function missingTools() {
  return TOOLS.filter((t) => !t.find());
}

/** The one-line install command for `tools`. */
export function installCommand(tools) {
  return `sudo apt-get install -y ${[...new Set(tools.map((t) => t.apt))].join(" ")}`;
}
