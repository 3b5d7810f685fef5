import { describe, expect, it } from "vitest";
import { webhookUrlProblem } from "@/lib/webhooks/webhook-url";

describe("webhookUrlProblem", () => {
  it.each(["https://example.com/hook", "https://example.com:8443/h?x=1", "http://localhost:3000/h", "http://127.0.0.1:9/h", "http://[::1]:8080/h", "https://127.0.0.1/h"])(
    "accepts %s",
    (url) => {
      expect(webhookUrlProblem(url)).toBeNull();
    },
  );

  it.each([
    ["http://example.com/h", /https/],
    ["http://localhost.example.com/h", /https/],
    ["http://127.0.0.2/h", /https/],
    ["ftp://example.com/h", /https/],
    ["javascript:alert(1)", /https/],
    ["example.com/h", /absolute/],
    ["", /absolute/],
    ["https://user:pw@example.com/h", /credentials/],
    [`https://example.com/${"a".repeat(2048)}`, /2048/],
  ])("refuses %s", (url, message) => {
    expect(webhookUrlProblem(url)).toMatch(message);
  });
});
