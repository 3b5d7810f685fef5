import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ApiError, ERRORS } from "@/lib/errors";

/** The "Codes" table of SPEC.md, parsed: code → statuses it allows. */
function specCodes(): Map<string, number[]> {
  const spec = readFileSync(path.resolve(process.cwd(), "../shared/SPEC.md"), "utf8");
  const section = spec.slice(spec.indexOf("### Codes"), spec.indexOf("## Limits"));
  const codes = new Map<string, number[]>();
  for (const [, code, statuses] of section.matchAll(/^\| (\w+) \| ([\d or]+) \|/gm)) {
    codes.set(code, statuses.split(" or ").map(Number));
  }
  return codes;
}

describe("the error table", () => {
  const codes = specCodes();

  it("finds the spec's table", () => {
    expect(codes.size).toBeGreaterThanOrEqual(20);
  });

  it("holds every code of SPEC.md with its status", () => {
    for (const [code, statuses] of codes) {
      expect(ERRORS, code).toHaveProperty(code);
      expect(statuses, code).toContain(ERRORS[code as keyof typeof ERRORS].status);
    }
  });

  it("adds only codes that DESIGN.md or HTTP plumbing settle", () => {
    const extra = Object.keys(ERRORS).filter((c) => !codes.has(c));
    expect(extra.sort()).toEqual(["internal_error", "invalid_file", "method_not_allowed"]);
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
