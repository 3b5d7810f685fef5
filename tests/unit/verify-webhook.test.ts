/**
 * The installable verifier (packages/verify-webhook) against its shared vectors, and the
 * signer (lib/webhooks/sign-payload.ts) against the same vectors, so the two cannot drift.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { verifySignature } from "@docscan/verify-webhook";
import { signPayload } from "@/lib/webhooks/sign-payload";

const PKG = path.resolve(process.cwd(), "packages/verify-webhook");

interface Vector {
  name: string;
  secret: string;
  timestamp: number;
  body: string;
  header: string;
  now: number;
  tolerance?: number;
  expected: boolean;
}

const { cases } = JSON.parse(readFileSync(path.join(PKG, "test-vectors.json"), "utf8")) as { cases: Vector[] };

/** The header's `t` (as written) and its `v1` values. */
function parts(header: string): { t: string | undefined; v1: string[] } {
  const items = header.split(",").map((item) => item.split("="));
  return { t: items.find(([k]) => k === "t")?.[1], v1: items.filter(([k]) => k === "v1").map(([, v]) => v) };
}

describe("test-vectors.json", () => {
  it("covers accepted and refused cases", () => {
    expect(cases.filter((c) => c.expected).length).toBeGreaterThanOrEqual(3);
    expect(cases.filter((c) => !c.expected).length).toBeGreaterThanOrEqual(10);
    expect(new Set(cases.map((c) => c.name)).size).toBe(cases.length);
  });

  it.each(cases.map((c) => [c.name, c] as const))("verifySignature: %s", (_name, c) => {
    const input = { header: c.header, secret: c.secret, nowSeconds: c.now, toleranceSeconds: c.tolerance };
    expect(verifySignature({ ...input, rawBody: c.body })).toBe(c.expected);
    expect(verifySignature({ ...input, rawBody: Buffer.from(c.body, "utf8") })).toBe(c.expected);
    expect(verifySignature({ ...input, rawBody: new TextEncoder().encode(c.body) })).toBe(c.expected);
    expect(verifySignature({ ...input, rawBody: c.body, header: [c.header] })).toBe(c.expected);
  });

  it.each(cases.map((c) => [c.name, c] as const))("signPayload agrees: %s", (_name, c) => {
    // The signer's header for (secret, body, timestamp), plus the tolerance window, predicts every vector.
    const signed = signPayload(c.secret, c.body, c.timestamp);
    const given = parts(c.header);
    const signerAgrees = given.t === String(c.timestamp) && given.v1.includes(parts(signed).v1[0]);
    expect(signerAgrees && Math.abs(c.now - c.timestamp) <= (c.tolerance ?? 300)).toBe(c.expected);
    // A valid header with a single v1 is exactly what the service sends.
    if (c.expected && given.v1.length === 1) expect(c.header).toBe(signed);
  });

  it("has at least one valid header that is byte-for-byte the signer's output", () => {
    expect(cases.some((c) => c.expected && c.header === signPayload(c.secret, c.body, c.timestamp))).toBe(true);
  });
});

describe("packages/verify-webhook", () => {
  const pkg = JSON.parse(readFileSync(path.join(PKG, "package.json"), "utf8"));

  it("imports nothing but node:crypto", () => {
    const source = readFileSync(path.join(PKG, "index.js"), "utf8");
    const specifiers = [...source.matchAll(/^\s*(?:import|export)\b[^;]*?\bfrom\s+["']([^"']+)["']/gm)].map(([, spec]) => spec);
    expect(specifiers).toEqual(["node:crypto"]);
    expect(source).not.toMatch(/\brequire\(|\bimport\(/);
  });

  it("is an ES module whose exports (types and default) point at files it ships", () => {
    expect(pkg).toMatchObject({ name: "@docscan/verify-webhook", version: "1.0.0", type: "module", engines: { node: ">=22" } });
    const entry = pkg.exports["."];
    expect(Object.keys(entry)).toEqual(["types", "default"]);
    for (const target of [entry.types, entry.default, pkg.main, pkg.types]) {
      expect(existsSync(path.join(PKG, target)), target).toBe(true);
      expect(pkg.files).toContain(path.normalize(target));
    }
    expect(pkg.files).toEqual(expect.arrayContaining(["README.md", "test-vectors.json"]));
    for (const file of pkg.files) expect(existsSync(path.join(PKG, file)), file).toBe(true);
  });

  it("declares verifySignature and VerifyInput in index.d.ts", () => {
    const types = readFileSync(path.join(PKG, "index.d.ts"), "utf8");
    expect(types).toMatch(/export interface VerifyInput\b/);
    expect(types).toMatch(/export declare function verifySignature\(input: VerifyInput\): boolean;/);
  });
});

describe("docs/webhooks.md (the receiver's guide)", () => {
  it("points at the package instead of carrying a copy of the helper that could drift", () => {
    const readme = readFileSync("docs/webhooks.md", "utf8");
    expect(readme).toContain("packages/verify-webhook");
    expect(readme).toContain('from "@docscan/verify-webhook"');
    expect(readme).not.toContain("function parseHeader");
    expect(readme).not.toContain("lib/webhooks/verify-signature");
  });
});
