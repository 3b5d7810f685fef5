import { describe, expect, it } from "vitest";
import { json } from "@/lib/http/json";

describe("json()", () => {
  it("opts bodies under 1 KB out of compression, and leaves larger ones to it", async () => {
    const small = json(200, { status: "ok" });
    expect(small.headers.get("cache-control")).toBe("no-store, no-transform");
    expect(await small.json()).toEqual({ status: "ok" });
    expect(json(200, { text: "x".repeat(1024) }).headers.get("cache-control")).toBe("no-store");
  });

  it("lets the caller set its own caching", () => {
    expect(json(200, {}, { "Cache-Control": "public, max-age=300" }).headers.get("cache-control")).toBe("public, max-age=300");
  });
});
