/**
 * Every relative link in the README, docs/ and the bench and package READMEs points at a file
 * that exists, and every #anchor at a heading of its page (GitHub's slugs), so moving or
 * retitling a page cannot leave a dead link behind.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = process.cwd();

function markdownFiles(): string[] {
  const under = (dir: string): string[] =>
    readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((e) =>
      e.isDirectory() ? under(path.join(dir, e.name)) : e.name.endsWith(".md") ? [path.join(dir, e.name)] : [],
    );
  return ["README.md", ...under("docs"), ...under("bench"), ...under("packages")];
}

/** The text outside fenced code blocks. */
const prose = (md: string) => md.replace(/^```[\s\S]*?^```/gm, "");

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens. */
const slug = (heading: string) =>
  heading.replace(/`/g, "").toLowerCase().trim().replace(/[^\p{L}\p{N}\s_-]/gu, "").replace(/\s/g, "-");

function anchorsOf(file: string): Set<string> {
  return new Set([...prose(readFileSync(file, "utf8")).matchAll(/^#{1,6}\s+(.+)$/gm)].map((m) => slug(m[1])));
}

/** Every relative link target in `file`, as [target as written, problem or null]. */
function checkLinks(file: string): [string, string | null][] {
  const abs = path.join(ROOT, file);
  return [...prose(readFileSync(abs, "utf8")).matchAll(/\]\(([^)\s]+)\)/g)]
    .map((m) => m[1])
    .filter((t) => !/^[a-z]+:/i.test(t))
    .map((target) => {
      const [target_path, anchor] = target.split("#");
      const dest = target_path ? path.resolve(path.dirname(abs), decodeURIComponent(target_path)) : abs;
      if (!existsSync(dest)) return [target, "no such file"];
      if (anchor && statSync(dest).isFile() && dest.endsWith(".md") && !anchorsOf(dest).has(anchor)) return [target, "no such heading"];
      return [target, null];
    });
}

describe("documentation links", () => {
  const files = markdownFiles();

  it("reads the pages it checks", () => {
    expect(files).toEqual(expect.arrayContaining(["README.md", path.join("docs", "detector.md"), path.join("bench", "README.md")]));
    expect(checkLinks("README.md").length).toBeGreaterThan(10);
  });

  it.each(files)("%s links only to files and headings that exist", (file) => {
    expect(checkLinks(file).filter(([, problem]) => problem)).toEqual([]);
  });

  it("tells a dead link from a live one", () => {
    expect(slug("Function size")).toBe("function-size");
    expect(slug("`POST /v1/sessions`: creation")).toBe("post-v1sessions-creation");
    expect(anchorsOf(path.join(ROOT, "README.md")).has("configuration")).toBe(true);
    expect(anchorsOf(path.join(ROOT, "README.md")).has("no-such-heading")).toBe(false);
  });
});
