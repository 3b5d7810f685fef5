import { describe, expect, it } from "vitest";
import { downloadName } from "@/console/sessions/download-name";

describe("downloadName (the console's PDF download)", () => {
  it("names the file after the order reference and the session", () => {
    expect(downloadName("sess_abc123", { order: "A-1001", customer: "Jane" })).toBe("scan-A-1001-sess_abc123.pdf");
    expect(downloadName("sess_abc123", { order_id: 42 })).toBe("scan-42-sess_abc123.pdf");
    expect(downloadName("sess_abc123", { reference: "INV 2026/7" })).toBe("scan-INV-2026-7-sess_abc123.pdf");
  });

  it("falls back to the session alone, and keeps only safe characters", () => {
    expect(downloadName("sess_abc123", {})).toBe("scan-sess_abc123.pdf");
    expect(downloadName("sess_abc123", { order: { nested: true } })).toBe("scan-sess_abc123.pdf");
    expect(downloadName("sess_abc123", { order: '../"evil"\n' })).toBe("scan-evil-sess_abc123.pdf");
  });
});
