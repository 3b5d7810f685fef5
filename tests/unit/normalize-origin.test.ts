import { describe, expect, it } from "vitest";
import { normalizeOrigin } from "@/lib/domains/normalize-origin";

describe("normalizeOrigin", () => {
  it.each([
    ["example.com", "https://example.com"],
    ["  Example.COM  ", "https://example.com"],
    ["https://example.com/", "https://example.com"],
    ["https://example.com:443", "https://example.com"],
    ["http://example.com:80/x", "http://example.com"],
    ["https://example.com:8443", "https://example.com:8443"],
    ["example.com:8443", "https://example.com:8443"],
    ["http://localhost:3000", "http://localhost:3000"],
    ["localhost:3000", "https://localhost:3000"],
    ["https://user:pw@shop.example.com/a/b?q=1#frag", "https://shop.example.com"],
    ["shop.example.com/checkout?x=1", "https://shop.example.com"],
    ["bücher.de", "https://xn--bcher-kva.de"],
    ["https://ÉXAMPLE.org", "https://xn--xample-9ua.org"],
    ["http://127.0.0.1:8080", "http://127.0.0.1:8080"],
    ["http://[::1]:3000", "http://[::1]:3000"],
    ["HTTPS://EXAMPLE.COM", "https://example.com"],
  ])("%s → %s", (input, expected) => {
    expect(normalizeOrigin(input)).toBe(expected);
  });

  it.each([
    "",
    "   ",
    "*",
    "*.example.com",
    "https://*.example.com",
    "ftp://example.com",
    "file:///etc/passwd",
    "javascript:alert(1)",
    "data:text/html,hi",
    "mailto:a@example.com",
    "user@example.com",
    "https://",
    "https://exa mple.com",
    "example..com",
    "-bad.example.com",
    "bad_host.example.com",
    "https://example.com:99999",
    "http://[::1",
    "//example.com",
    "a".repeat(3000) + ".com",
    `${"a".repeat(64)}.com`,
  ])("refuses %j", (input) => {
    expect(normalizeOrigin(input)).toBeNull();
  });
});
