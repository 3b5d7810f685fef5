import { describe, expect, it } from "vitest";
import { ID_PREFIX, newId } from "@/lib/ids";

describe("newId", () => {
  it("is the kind's prefix and 20 base-36 characters", () => {
    for (const [kind, prefix] of Object.entries(ID_PREFIX)) expect(newId(kind as keyof typeof ID_PREFIX)).toMatch(new RegExp(`^${prefix}_[0-9a-z]{20}$`));
  });

  it("never repeats, across many refills of its random pool, and uses every character", () => {
    const ids = Array.from({ length: 20_000 }, () => newId("session"));
    expect(new Set(ids).size).toBe(ids.length);
    // No two ids share a body either (a pool slice handed out twice would).
    expect(new Set(ids.map((id) => id.slice(5))).size).toBe(ids.length);
    const counts = new Map<string, number>();
    for (const id of ids) for (const c of id.slice(5)) counts.set(c, (counts.get(c) ?? 0) + 1);
    expect(counts.size).toBe(36);
    // 400,000 characters: each of the 36 near 11,100 (the modulo bias leaves 0–7 a little more often).
    for (const n of counts.values()) expect(n).toBeGreaterThan(9_000);
  });
});
