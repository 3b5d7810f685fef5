import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { config } from "@/lib/config";
import { GUIDES, guideBlocks, guideTitle, isGuideSlug } from "@/lib/guides/guides";
import { DocsFrame } from "../../docs-root";
import { MarkdownView } from "../markdown-view";
import "@/console/console.css";
import "../../docs.css";

interface Props {
  params: Promise<{ slug: string }>;
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { slug } = await params;
  if (!isGuideSlug(slug)) return { title: "Guide not found · docscan" };
  const guide = GUIDES.find((g) => g.slug === slug)!;
  return { title: `${guideTitle(slug)} · docscan`, description: guide.summary };
}

/** One guide from docs/guides/, with this instance's base URL in its examples. */
export default async function GuidePage({ params }: Props) {
  const { slug } = await params;
  if (!isGuideSlug(slug)) notFound();
  return (
    <DocsFrame
      navLabel="Guides"
      currentGuide={slug}
      nav={
        <>
          <a className="d-nav__tag" href="/docs">
            API reference
          </a>
          <a className="d-nav__tag" href="/console">
            Console
          </a>
        </>
      }
    >
      <main className="d-main d-guide">
        <MarkdownView blocks={guideBlocks(slug, { baseUrl: config().publicBaseUrl })} />
      </main>
    </DocsFrame>
  );
}
