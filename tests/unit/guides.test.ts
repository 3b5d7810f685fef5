import { readdirSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { GUIDES, guideBlocks, guideSnippet, guideTitle, PUBLISHABLE_KEY_PLACEHOLDER, servedHref } from "@/lib/guides/guides";
import { parseMarkdown, parseInline } from "@/lib/guides/markdown";

describe("parseMarkdown (the guides' Markdown)", () => {
  it("reads headings with GitHub's anchors, paragraphs, lists that run over lines, tables and named code", () => {
    const blocks = parseMarkdown(
      [
        "# Receive `webhooks`",
        "Some text",
        "on two lines.",
        "",
        "- one",
        "  continued",
        "- two",
        "",
        "| a | b |",
        "|---|---|",
        "| `x` | [y](other.md#z) |",
        "",
        "```js snippet=verify",
        "const a = 1;",
        "",
        "```",
        "1. first",
      ].join("\n"),
    );
    expect(blocks).toEqual([
      { kind: "heading", level: 1, text: "Receive `webhooks`", id: "receive-webhooks" },
      { kind: "paragraph", inline: [{ kind: "text", text: "Some text on two lines." }] },
      { kind: "list", ordered: false, items: [[{ kind: "text", text: "one continued" }], [{ kind: "text", text: "two" }]] },
      { kind: "table", head: [[{ kind: "text", text: "a" }], [{ kind: "text", text: "b" }]], rows: [[[{ kind: "code", text: "x" }], [{ kind: "link", text: "y", href: "other.md#z" }]]] },
      { kind: "code", lang: "js", snippet: "verify", text: "const a = 1;\n" },
      { kind: "list", ordered: true, items: [[{ kind: "text", text: "first" }]] },
    ]);
  });

  it("keeps HTML as text: nothing in a guide becomes markup", () => {
    expect(parseInline("a <script>x</script> **b**")).toEqual([
      { kind: "text", text: "a <script>x</script> " },
      { kind: "strong", text: "b" },
    ]);
  });
});

describe("the guides in docs/guides/", () => {
  it("serves every guide written there", () => {
    const written = readdirSync("docs/guides").filter((f) => f.endsWith(".md")).map((f) => f.replace(/\.md$/, ""));
    expect(GUIDES.map((g) => g.slug).sort()).toEqual(written.sort());
  });

  it("each has a title and fills in the instance's base URL and the key placeholder", () => {
    for (const { slug } of GUIDES) {
      expect(guideTitle(slug)).not.toBe(slug);
      const text = JSON.stringify(guideBlocks(slug, { baseUrl: "https://scan.example.test" }));
      expect(text, slug).not.toContain("{base_url}");
      expect(text, slug).not.toContain("{publishable_key}");
    }
    const embed = guideSnippet("embed-page", { baseUrl: "https://scan.example.test" });
    expect(embed).toContain('<script src="https://scan.example.test/launcher.js" defer></script>');
    expect(embed).toContain(`Bearer ${PUBLISHABLE_KEY_PLACEHOLDER}`);
    expect(guideSnippet("embed-page", { baseUrl: "https://x.test", publishableKey: "pk_test_abc" })).toContain("Bearer pk_test_abc");
  });

  it("has every snippet the console shows, self-contained (no unpublished package)", () => {
    for (const name of ["verify-signature", "express", "node-http", "fetch-handler", "python", "embed-page"]) {
      const snippet = guideSnippet(name, { baseUrl: "https://x.test" });
      expect(snippet.length, name).toBeGreaterThan(100);
      expect(snippet, name).not.toContain("@docscan/verify-webhook");
    }
    expect(() => guideSnippet("nope", { baseUrl: "https://x.test" })).toThrow(/nope/);
  });

  it("links between guides go to the served pages; other links stay as written", () => {
    expect(servedHref("sessions.md#the-page-report")).toBe("/docs/guides/sessions#the-page-report");
    expect(servedHref("embedding.md")).toBe("/docs/guides/embedding");
    expect(servedHref("https://example.com/a.md")).toBe("https://example.com/a.md");
    expect(servedHref("../webhooks.md")).toBe("../webhooks.md");
  });
});
