import { describe, expect, it } from "vitest";
import { addedOrigin, localhostHttpHint } from "@/console/pages/origins/origin-hints";

describe("happy", () => {
  it("the stored origin is the entry the new list gained", () => {
    expect(addedOrigin(["https://a.example"], ["https://a.example", "https://shop.example.com"], "Shop.example.com/x")).toBe("https://shop.example.com");
  });

  it("falls back to the API's own normalisation when the lists do not differ", () => {
    expect(addedOrigin(["https://shop.example.com"], ["https://shop.example.com"], "Shop.Example.com/checkout")).toBe("https://shop.example.com");
  });

  it("localhost or 127.0.0.1 typed without a scheme and stored as https suggests the http origin", () => {
    expect(localhostHttpHint("localhost:3000", "https://localhost:3000")).toBe("http://localhost:3000");
    expect(localhostHttpHint(" 127.0.0.1:8080/app ", "https://127.0.0.1:8080")).toBe("http://127.0.0.1:8080");
    expect(localhostHttpHint("LOCALHOST", "https://localhost")).toBe("http://localhost");
  });
});

describe("errors", () => {
  it("no hint when a scheme was typed, or for other hosts", () => {
    expect(localhostHttpHint("https://localhost:3000", "https://localhost:3000")).toBeNull();
    expect(localhostHttpHint("http://localhost:3000", "http://localhost:3000")).toBeNull();
    expect(localhostHttpHint("shop.example.com", "https://shop.example.com")).toBeNull();
    expect(localhostHttpHint("localhost.example.com:3000", "https://localhost.example.com:3000")).toBeNull();
  });
});
