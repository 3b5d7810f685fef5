/**
 * The small Markdown the guides in docs/guides/ are written in, parsed into blocks the docs
 * pages render as React elements (no HTML string is ever injected): headings, paragraphs,
 * fenced code (```lang snippet=name names a snippet others can reuse), `-` and `1.` lists
 * whose items may run over indented lines, GitHub tables, and inline `code`, **strong** and
 * [links](href). Anything else is a paragraph of plain text.
 */
export type Inline = { kind: "text" | "code" | "strong"; text: string } | { kind: "link"; text: string; href: string };

export type Block =
  | { kind: "heading"; level: number; text: string; id: string }
  | { kind: "paragraph"; inline: Inline[] }
  | { kind: "code"; lang: string; snippet: string | null; text: string }
  | { kind: "list"; ordered: boolean; items: Inline[][] }
  | { kind: "table"; head: Inline[][]; rows: Inline[][][] };

const FENCE = /^```(\S*)(?:\s+snippet=(\S+))?\s*$/;
const LIST_ITEM = /^(?:(-)|(\d+)\.)\s+(.*)$/;

export function parseMarkdown(source: string): Block[] {
  const lines = source.replace(/\r\n/g, "\n").split("\n");
  const blocks: Block[] = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i];
    const fence = FENCE.exec(line);
    if (fence) {
      const end = findFrom(lines, i + 1, (l) => l.startsWith("```"));
      blocks.push({ kind: "code", lang: fence[1], snippet: fence[2] ?? null, text: lines.slice(i + 1, end).join("\n") });
      i = end + 1;
    } else if (/^#{1,4}\s/.test(line)) {
      const [, hashes, text] = /^(#+)\s+(.*)$/.exec(line)!;
      blocks.push({ kind: "heading", level: hashes.length, text, id: headingId(text) });
      i++;
    } else if (line.startsWith("|")) {
      const end = findFrom(lines, i, (l) => !l.startsWith("|"));
      blocks.push(table(lines.slice(i, end)));
      i = end;
    } else if (LIST_ITEM.test(line)) {
      const ordered = LIST_ITEM.exec(line)![2] !== undefined;
      const items: string[] = [];
      while (i < lines.length && (LIST_ITEM.test(lines[i]) || (/^\s+\S/.test(lines[i]) && items.length > 0))) {
        const item = LIST_ITEM.exec(lines[i]);
        if (item) items.push(item[3]);
        else items[items.length - 1] += ` ${lines[i].trim()}`;
        i++;
      }
      blocks.push({ kind: "list", ordered, items: items.map(parseInline) });
    } else if (line.trim() === "") {
      i++;
    } else {
      const end = findFrom(lines, i, (l) => l.trim() === "" || FENCE.test(l) || /^#{1,4}\s/.test(l) || l.startsWith("|") || LIST_ITEM.test(l));
      blocks.push({ kind: "paragraph", inline: parseInline(lines.slice(i, end).join(" ")) });
      i = end;
    }
  }
  return blocks;
}

/** `code`, **strong** and [text](href) in a line of prose; the rest is text. */
export function parseInline(text: string): Inline[] {
  const out: Inline[] = [];
  const pattern = /`([^`]+)`|\*\*(.+?)\*\*|\[([^\]]+)\]\(([^)\s]+)\)/g;
  let last = 0;
  for (const m of text.matchAll(pattern)) {
    if (m.index > last) out.push({ kind: "text", text: text.slice(last, m.index) });
    if (m[1] !== undefined) out.push({ kind: "code", text: m[1] });
    else if (m[2] !== undefined) out.push({ kind: "strong", text: m[2] });
    else out.push({ kind: "link", text: m[3].replace(/`/g, ""), href: m[4] });
    last = m.index + m[0].length;
  }
  if (last < text.length) out.push({ kind: "text", text: text.slice(last) });
  return out;
}

/** GitHub's anchor for a heading, so a link written for GitHub lands on the served page too. */
export function headingId(text: string): string {
  return text.replace(/`/g, "").toLowerCase().trim().replace(/[^\p{L}\p{N}\s_-]/gu, "").replace(/\s/g, "-");
}

function table(rows: string[]): Block {
  const cells = (row: string) => row.replace(/^\|/, "").replace(/\|\s*$/, "").split("|").map((c) => parseInline(c.trim()));
  const [head, , ...body] = rows;
  return { kind: "table", head: cells(head), rows: body.map(cells) };
}

function findFrom(lines: string[], start: number, test: (line: string) => boolean): number {
  for (let i = start; i < lines.length; i++) if (test(lines[i])) return i;
  return lines.length;
}
