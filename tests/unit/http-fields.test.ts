import { describe, expect, it } from "vitest";
import { z } from "zod";
import { issuesToFields } from "@/lib/validation";

const Schema = z.strictObject({ name: z.string(), kind: z.enum(["a", "b"]), nested: z.object({ n: z.number().max(3) }).optional() });
const fieldsOf = (value: unknown) => {
  const parsed = Schema.safeParse(value);
  if (parsed.success) throw new Error("expected a failure");
  return issuesToFields(parsed.error.issues);
};

describe("issuesToFields", () => {
  it("reports every problem at once, keyed by dotted path", () => {
    const fields = fieldsOf({ kind: "c", nested: { n: 9 }, extra: 1 });
    expect(Object.keys(fields).sort()).toEqual(["extra", "kind", "name", "nested.n"]);
    expect(fields.name).toBe("is required");
    expect(fields.extra).toBe("is not a known field");
  });

  it("says a wrongly typed field has the wrong type, not that it is missing", () => {
    const fields = fieldsOf({ name: 42, kind: "a" });
    expect(fields.name).not.toBe("is required");
    expect(fields.name).toMatch(/expected string/);
  });

  it("reports unknown keys named __proto__ and constructor instead of dropping them", () => {
    const fields = fieldsOf(JSON.parse('{"name":"x","kind":"a","__proto__":{"a":1},"constructor":1}'));
    expect(Object.keys(fields).sort()).toEqual(["__proto__", "constructor"]);
    expect(JSON.parse(JSON.stringify(fields))).toHaveProperty("__proto__", "is not a known field");
  });

  it("keys root-level problems as body and applies a prefix", () => {
    const parsed = z.object({}).safeParse(null);
    expect(issuesToFields(parsed.error!.issues)).toEqual({ body: expect.any(String) });
    const nested = Schema.safeParse({ kind: "a" });
    expect(issuesToFields(nested.error!.issues, "scanner")).toEqual({ "scanner.name": "is required" });
  });
});
