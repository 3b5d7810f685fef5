import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { buildScannerMessage, isInitMessage, MESSAGE_SOURCE, SCANNER_ERROR_CODES, SCANNER_EVENT_TYPES } from "@/scanner/bridge/messages";

const launcher = readFileSync(path.resolve(__dirname, "../../public/launcher.js"), "utf8");

describe("happy", () => {
  it("builds messages in the DESIGN.md shape: source, type, session_id plus the type's fields", () => {
    expect(buildScannerMessage("page_captured", "sess_9", { page_count: 3 })).toEqual({
      source: "docscan",
      type: "page_captured",
      session_id: "sess_9",
      page_count: 3,
    });
  });

  it("names the seven event types and three error codes of DESIGN.md", () => {
    expect(SCANNER_EVENT_TYPES).toEqual(["ready", "opened", "page_captured", "completed", "error", "cancelled", "closed"]);
    expect(SCANNER_ERROR_CODES).toEqual(["config", "network", "scan_error"]);
    expect(MESSAGE_SOURCE).toBe("docscan");
  });

  it("keeps public/launcher.js (no build step) in step with the shared type list", () => {
    const list = /const EVENT_TYPES = \[([^\]]*)\]/.exec(launcher)?.[1];
    expect(list && JSON.parse(`[${list}]`)).toEqual([...SCANNER_EVENT_TYPES]);
    expect(launcher).toContain(`const SOURCE = "${MESSAGE_SOURCE}"`);
    expect(launcher).toContain(`code: ${SCANNER_ERROR_CODES.map((c) => `"${c}"`).join("|")}`);
  });
});

describe("security", () => {
  it("lets a payload field never overwrite source, type or session_id", () => {
    const forged = { source: "evil", type: "completed", session_id: "sess_other", page_count: 1 } as unknown as { page_count: number };
    expect(buildScannerMessage("page_captured", "sess_9", forged)).toMatchObject({ source: "docscan", type: "page_captured", session_id: "sess_9" });
  });

  it("recognises only a well-formed init", () => {
    expect(isInitMessage({ source: "docscan", type: "init" })).toBe(true);
    for (const bad of [null, undefined, "init", 1, [], {}, { source: "docscan" }, { type: "init" }, { source: "DocScan", type: "init" }, { source: "docscan", type: "ready" }]) {
      expect(isInitMessage(bad)).toBe(false);
    }
  });
});
