import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { BRIDGE_ERROR, bridgeError } from "@/scanner/bridge/error-code";
import { SCANNER_ERROR_CODES } from "@/scanner/bridge/messages";

describe("scanner failure → bridge error code", () => {
  it("reports an expired session as scan_error, like the QR hand-off and docs/guides/embedding.md", () => {
    expect(bridgeError("expired").code).toBe("scan_error");
    // public/launcher.js (QR hand-off) reports a 410 with the same code
    expect(readFileSync("public/launcher.js", "utf8")).toMatch(/status === 410\) return fail\(\{ code: "scan_error"/);
  });

  it("maps an unusable link to config, lost contact to network, the rest to scan_error", () => {
    expect(bridgeError("invalid").code).toBe("config");
    expect(bridgeError("used").code).toBe("config");
    expect(bridgeError("network").code).toBe("network");
    for (const k of ["too_large", "generic", "scan"] as const) expect(bridgeError(k).code).toBe("scan_error");
  });

  it("uses only documented codes and sends words, not the internal kind", () => {
    const readme = readFileSync("docs/guides/embedding.md", "utf8");
    for (const [kind, e] of Object.entries(BRIDGE_ERROR)) {
      expect(SCANNER_ERROR_CODES).toContain(e.code);
      expect(readme).toContain(`| \`${e.code}\` |`);
      expect(e.message).not.toBe(kind);
    }
  });
});
