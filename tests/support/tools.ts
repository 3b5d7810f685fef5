/**
 * Skipping a test whose system tool is missing, keyed on the one table of tools
 * (scripts/test-tools.mjs), which `npm test` also reports in its plan and summary:
 *
 *   describe.skipIf(withoutTool("redis-server"))("…", () => { … });
 *
 * Where every tool is required (CI=true, REQUIRE_TOOLS=1) it never skips: the test runs
 * and fails on the missing tool, as CI must.
 */
import { TOOLS, toolsRequired } from "../../scripts/test-tools.mjs";

export function withoutTool(name: string): boolean {
  const tool = TOOLS.find((t) => t.tool === name);
  if (!tool) throw new Error(`${name} is not in scripts/test-tools.mjs`);
  return !toolsRequired() && !tool.find();
}
