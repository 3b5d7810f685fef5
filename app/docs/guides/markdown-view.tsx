import type { ReactNode } from "react";
import { CopyButton } from "@/console/ui/copy-button";
import { servedHref } from "@/lib/guides/guides";
import type { Block, Inline } from "@/lib/guides/markdown";

/** A guide's blocks as elements: text stays text (nothing is injected as HTML). */
export function MarkdownView({ blocks }: { blocks: Block[] }) {
  return <>{blocks.map((block, i) => <BlockView key={i} block={block} index={i} />)}</>;
}

function BlockView({ block, index }: { block: Block; index: number }) {
  switch (block.kind) {
    case "heading": {
      const Tag = `h${block.level}` as "h1" | "h2" | "h3" | "h4";
      return <Tag id={block.id}>{block.text.split("`").map((part, i) => (i % 2 === 1 ? <code key={i}>{part}</code> : part))}</Tag>;
    }
    case "paragraph":
      return <p>{inlines(block.inline)}</p>;
    case "list": {
      const items = block.items.map((item, i) => <li key={i}>{inlines(item)}</li>);
      return block.ordered ? <ol>{items}</ol> : <ul>{items}</ul>;
    }
    case "table":
      return (
        <div className="d-table" tabIndex={0} role="region" aria-label="Table">
          <table>
            <thead>
              <tr>{block.head.map((cell, i) => <th key={i}>{inlines(cell)}</th>)}</tr>
            </thead>
            <tbody>
              {block.rows.map((row, r) => (
                <tr key={r}>{row.map((cell, i) => <td key={i}>{inlines(cell)}</td>)}</tr>
              ))}
            </tbody>
          </table>
        </div>
      );
    case "code": {
      const id = `code-${index}`;
      return (
        <div className="d-code">
          <pre id={id} tabIndex={0} aria-label={block.snippet ? `Example: ${block.snippet}` : "Example"} className="c-snippet" data-snippet={block.snippet ?? undefined}>
            {block.text}
          </pre>
          <CopyButton value={block.text} label="Copy" accessibleLabel={`Copy ${block.snippet ?? "example"}`} fallbackTargetId={id} />
        </div>
      );
    }
  }
}

function inlines(parts: Inline[]): ReactNode[] {
  return parts.map((part, i) => {
    if (part.kind === "code") return <code key={i}>{part.text}</code>;
    if (part.kind === "strong") return <strong key={i}>{part.text}</strong>;
    if (part.kind === "link") return <a key={i} href={servedHref(part.href)}>{part.text}</a>;
    return part.text;
  });
}
