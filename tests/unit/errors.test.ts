import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ApiError, ERRORS } from "@/lib/errors";

/** The API reference's error tables (docs/api-errors.md), parsed: code → statuses it allows. */
function documentedCodes(heading: string, next: string): Map<string, number[]> {
  const reference = readFileSync(path.resolve(process.cwd(), "docs/api-errors.md"), "utf8");
  const section = reference.slice(reference.indexOf(heading), next ? reference.indexOf(next) : undefined);
  const codes = new Map<string, number[]>();
  for (const [, code, statuses] of section.matchAll(/^\| (\w+) \| ([\d or]+) \|/gm)) {
    codes.set(code, statuses.split(" or ").map(Number));
  }
  return codes;
}

describe("the error table", () => {
  const codes = documentedCodes("## Codes\n", "## Codes this implementation adds");
  const added = documentedCodes("## Codes this implementation adds", "");

  it("finds the reference's tables", () => {
    expect(codes.size).toBeGreaterThanOrEqual(20);
    expect(added.size).toBe(7);
  });

  it("holds every code of the API reference with its status", () => {
    for (const [code, statuses] of codes) {
      expect(ERRORS, code).toHaveProperty(code);
      expect(statuses, code).toContain(ERRORS[code as keyof typeof ERRORS].status);
    }
  });

  it("adds only the codes the reference lists as added, with their statuses", () => {
    const extra = Object.keys(ERRORS).filter((c) => !codes.has(c));
    expect(extra.sort()).toEqual([...added.keys()].sort());
    for (const [code, statuses] of added) expect(statuses, code).toContain(ERRORS[code as keyof typeof ERRORS].status);
  });

  it("serialises as exactly { error, message, fields? }", () => {
    expect(new ApiError("not_found").toBody()).toEqual({ error: "not_found", message: ERRORS.not_found.message });
    expect(new ApiError("invalid_request", { fields: { a: "b" } }).toBody()).toEqual({
      error: "invalid_request",
      message: ERRORS.invalid_request.message,
      fields: { a: "b" },
    });
  });

  it("lets invalid_token answer 400 where the spec says so", () => {
    expect(new ApiError("invalid_token").status).toBe(401);
    expect(new ApiError("invalid_token", { status: 400 }).status).toBe(400);
  });
});
