import { readFileSync } from "node:fs";
import path from "node:path";
import { parseMarkdown, type Block } from "./markdown";

/**
 * The integrator's guides: Markdown in docs/guides/ (the one source, readable in the
 * repository), served at /docs/guides/<slug> with this instance's base URL filled in, their
 * named snippets also shown by the console. Order here is the order on /docs.
 */
export const GUIDES = [
  { slug: "embedding", summary: "One script tag: modal, inline, QR hand-off, events, allowed origins." },
  { slug: "receiving-webhooks", summary: "Verify the signature (Node, Express, fetch handlers, Python), retries, replay, duplicates." },
  { slug: "sessions", summary: "Create and read sessions, metadata, the page quality report." },
  { slug: "searchable-pdf", summary: "Text recognition in the scanner: a PDF you can search, and each page's text." },
  { slug: "going-live", summary: "Live keys, origins, the webhook endpoint and credits before real customers scan." },
  { slug: "data-protection", summary: "What is stored, where and for how long; redacting a session; the retention policy." },
] as const;

export type GuideSlug = (typeof GUIDES)[number]["slug"];

/** What `{base_url}` and `{publishable_key}` in a guide become. */
export interface GuideValues {
  baseUrl: string;
  /** Unknown outside the console: a placeholder that says what to put there. */
  publishableKey?: string;
}

export const PUBLISHABLE_KEY_PLACEHOLDER = "pk_test_YOUR_PUBLISHABLE_KEY";

const GUIDES_DIR = path.join(process.cwd(), "docs", "guides");

export function isGuideSlug(slug: string): slug is GuideSlug {
  return GUIDES.some((g) => g.slug === slug);
}

/** A guide's Markdown as written, read once per process. */
const sources = new Map<GuideSlug, string>();
export function guideSource(slug: GuideSlug): string {
  let source = sources.get(slug);
  if (source === undefined) {
    source = readFileSync(path.join(GUIDES_DIR, `${slug}.md`), "utf8");
    sources.set(slug, source);
  }
  return source;
}

export function fillValues(text: string, values: GuideValues): string {
  return text.replaceAll("{base_url}", values.baseUrl).replaceAll("{publishable_key}", values.publishableKey ?? PUBLISHABLE_KEY_PLACEHOLDER);
}

/** A guide as blocks, placeholders filled. */
export function guideBlocks(slug: GuideSlug, values: GuideValues): Block[] {
  return parseMarkdown(fillValues(guideSource(slug), values));
}

/** A guide's title: its first heading. */
export function guideTitle(slug: GuideSlug): string {
  const heading = parseMarkdown(guideSource(slug)).find((b) => b.kind === "heading");
  return heading?.kind === "heading" ? heading.text : slug;
}

/** The code block named `snippet=<name>` in any guide, placeholders filled; throws when none is. */
export function guideSnippet(name: string, values: GuideValues): string {
  for (const { slug } of GUIDES) {
    const block = guideBlocks(slug, values).find((b) => b.kind === "code" && b.snippet === name);
    if (block?.kind === "code") return block.text;
  }
  throw new Error(`no guide has a snippet named ${name}`);
}

/**
 * Where a link written for the repository goes on the served pages: another guide's file to
 * its page (keeping the #anchor); anything else unchanged.
 */
export function servedHref(href: string): string {
  const m = /^(?:\.\/)?([a-z-]+)\.md(#.*)?$/.exec(href);
  return m && isGuideSlug(m[1]) ? `/docs/guides/${m[1]}${m[2] ?? ""}` : href;
}
