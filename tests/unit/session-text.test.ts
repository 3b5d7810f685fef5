import { describe, expect, it } from "vitest";
import { metadataLines } from "@/console/session-text";

describe("metadataLines (the sessions list's metadata)", () => {
  it("shows each top-level key as key: value, strings as is and anything else as JSON", () => {
    expect(metadataLines({ order: "A-1001", customer: "Jane Roe", n: 3 })).toEqual(["order: A-1001", "customer: Jane Roe", "n: 3"]);
    expect(metadataLines({ nested: { a: 1 } })).toEqual(['nested: {"a":1}']);
    expect(metadataLines({})).toEqual([]);
  });

  it("keeps three lines, then says how many more; cuts a long line; makes hidden characters visible", () => {
    expect(metadataLines({ a: "1", b: "2", c: "3", d: "4", e: "5" })).toEqual(["a: 1", "b: 2", "c: 3", "+ 2 more"]);
    expect(metadataLines({ note: "x".repeat(100) })[0]).toHaveLength(60);
    expect(metadataLines({ order: "A\u202e1" })).toEqual(["order: A\\u202e1"]);
  });
});
