/**
 * `scripts/server.mjs` (what `npm start` runs) reads HTTPS_CERT_FILE / HTTPS_KEY_FILE before Next
 * loads: a certificate and key that do not belong together stop the start with one line naming
 * them, not an uncaught exception with a stack (security review P8).
 */
import { execFileSync, spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { withoutTool } from "../support/tools";

const ROOT = path.resolve(import.meta.dirname, "../..");

function selfSigned(dir: string, name: string): { cert: string; key: string } {
  const cert = path.join(dir, `${name}.crt`);
  const key = path.join(dir, `${name}.key`);
  execFileSync("openssl", ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", key, "-out", cert, "-days", "1", "-subj", `/CN=${name}`], { stdio: "ignore" });
  return { cert, key };
}

function start(env: Record<string, string>): Promise<{ code: number | null; stderr: string }> {
  const child = spawn(process.execPath, ["scripts/server.mjs", "0"], { cwd: ROOT, env: { ...process.env, ...env }, stdio: ["ignore", "ignore", "pipe"] });
  let stderr = "";
  child.stderr.setEncoding("utf8").on("data", (c: string) => (stderr += c));
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill("SIGKILL"), 60_000);
    child.once("exit", (code) => {
      clearTimeout(timer);
      resolve({ code, stderr });
    });
  });
}

// The pairs are made with the openssl command (scripts/test-tools.mjs).
describe.skipIf(withoutTool("openssl"))("errors", () => {
  it("a certificate and a key that do not match: exit 1 with one line naming both files, no stack", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "tls-pair-"));
    const a = selfSigned(dir, "a");
    const b = selfSigned(dir, "b");
    const { code, stderr } = await start({ HTTPS_CERT_FILE: a.cert, HTTPS_KEY_FILE: b.key });
    expect(code).toBe(1);
    expect(stderr.trim().split("\n")).toEqual([`HTTPS_CERT_FILE and HTTPS_KEY_FILE cannot serve https: the key does not belong to the certificate (${a.cert}, ${b.key}).`]);
  });

  it("a file that is not PEM: exit 1 with one line, no stack", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "tls-pair-"));
    const a = selfSigned(dir, "a");
    const { code, stderr } = await start({ HTTPS_CERT_FILE: a.key, HTTPS_KEY_FILE: a.cert });
    expect(code).toBe(1);
    const lines = stderr.trim().split("\n");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^HTTPS_CERT_FILE and HTTPS_KEY_FILE cannot serve https: /);
  });
});
