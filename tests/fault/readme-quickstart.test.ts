/**
 * The README's terminal quick start, run as written: every ```sh block between the
 * `quickstart:begin` and `quickstart:end` markers, in order, in one bash (`-euo pipefail`)
 * against the built app on embedded defaults (what `npm start` serves), from a scratch folder
 * holding the repository's `examples/`. A README edit that breaks a command fails here.
 */
import { spawn } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { freePort } from "@/scripts/app-server";
import { withoutTool } from "../support/tools";
import { useAppServer } from "./support/use-app-server";

const ROOT = path.resolve(import.meta.dirname, "../..");

/** The quick start's shell blocks, joined in order. */
function quickstartScript(readme: string): string {
  const begin = readme.indexOf("<!-- quickstart:begin -->"), end = readme.indexOf("<!-- quickstart:end -->");
  if (begin < 0 || end < begin) throw new Error("README.md has no quickstart:begin/end markers");
  return [...readme.slice(begin, end).matchAll(/```sh\n([\s\S]*?)```/g)].map((m) => m[1]).join("\n");
}

// The README's commands call curl (scripts/test-tools.mjs).
describe.skipIf(withoutTool("curl"))("README quick start", () => {
  const server = useAppServer();

  it("goes from sign-up to a downloaded PDF, every command as written", async () => {
    const script = quickstartScript(readFileSync(path.join(ROOT, "README.md"), "utf8"));
    expect(script).toContain("/v1/sessions");
    const cwd = mkdtempSync(path.join(tmpdir(), "docscan-quickstart-"));
    cpSync(path.join(ROOT, "examples"), path.join(cwd, "examples"), { recursive: true });

    const child = spawn("bash", ["-euo", "pipefail", "-c", script], {
      cwd,
      detached: true, // its own process group, so the webhook receiver it starts goes with it
      env: { ...process.env, DOCSCAN: server.baseUrl, WEBHOOK_PORT: String(await freePort()) },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "", stderr = "";
    child.stdout!.setEncoding("utf8").on("data", (c: string) => (stdout += c));
    child.stderr!.setEncoding("utf8").on("data", (c: string) => (stderr += c));
    const code = await new Promise<number | null>((resolve) => {
      const timer = setTimeout(() => resolve(null), 60_000);
      child.once("exit", (c) => {
        clearTimeout(timer);
        resolve(c);
      });
    });
    try {
      process.kill(-child.pid!, "SIGKILL");
    } catch {
      // the group has already exited
    }

    expect(code, `stdout:\n${stdout}\nstderr:\n${stderr}`).toBe(0);
    const lines = stdout.trim().split("\n");
    expect(lines).toEqual(["250", expect.stringMatching(new RegExp(`^${server.baseUrl}/scan\\?t=`)), "1", "scan.completed", "%PDF-"]);
    // the file downloaded is the document sent
    expect(readFileSync(path.join(cwd, "scan.pdf"))).toEqual(readFileSync(path.join(ROOT, "examples/sample.pdf")));
  }, 90_000);
});
