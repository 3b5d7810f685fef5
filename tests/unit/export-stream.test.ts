import { describe, expect, it } from "vitest";
import { csvStream } from "@/lib/sessions/export-sessions";
import { startTenantExport } from "@/lib/sessions/export-lock";

/** Pages of lines as the keyset gives them, counting how many were read; `failAt` throws instead of that page. */
function pages(count: number, lines: (page: number) => string[], failAt = -1) {
  const source = {
    read: 0,
    async *gen(): AsyncGenerator<string[], void, undefined> {
      for (let p = 0; p < count; p++) {
        source.read++;
        if (p === failAt) throw new Error("connection terminated");
        yield lines(p);
      }
    },
  };
  return source;
}

async function open(source: ReturnType<typeof pages>, caps = { maxRows: 1_000, maxBytes: 2 ** 20 }) {
  const it = source.gen();
  let finished = 0;
  const stream = csvStream(await it.next(), it, caps, () => finished++);
  return { stream, finished: () => finished };
}

const HEADER = "id,status,mode,source,pages,bytes,created_at,expires_at,metadata\r\n";

describe("the CSV export stream", () => {
  it("reads a page only when the client has taken the previous one", async () => {
    const source = pages(10, (p) => [`row-${p}`]);
    const { stream, finished } = await open(source);
    const reader = stream.getReader();
    const decoder = new TextDecoder();
    expect(decoder.decode((await reader.read()).value)).toBe(HEADER);
    expect(source.read).toBe(1);
    expect(decoder.decode((await reader.read()).value)).toBe("row-0\r\n");
    expect(decoder.decode((await reader.read()).value)).toBe("row-1\r\n");
    expect(source.read).toBe(2);
    await reader.cancel();
    expect(finished()).toBe(1);
  });

  it("stops at the byte cap with a last line that says so, with large metadata", async () => {
    const big = `"${'"'.repeat(8_000)}"`; // a quoted cell of quotes: what JSON and CSV quoting triple
    const source = pages(50, (p) => Array.from({ length: 10 }, (_, i) => `sess_${p}_${i},${big}`));
    const { stream, finished } = await open(source, { maxRows: 50_000, maxBytes: 100_000 });
    const text = await new Response(stream).text();
    expect(text.length).toBeLessThanOrEqual(100_000 + 200);
    const lines = text.trimEnd().split("\r\n");
    expect(lines.at(-1)).toBe("# stopped after 12 rows (the 0 MiB limit of one export): narrow the dates to export the rest");
    expect(lines).toHaveLength(1 + 12 + 1);
    expect(source.read).toBe(2);
    expect(finished()).toBe(1);
  });

  it("a tenant without sessions gets the header alone (an empty page still ends the stream)", async () => {
    expect(await new Response((await open(pages(1, () => []))).stream).text()).toBe(HEADER);
  });

  it("stops at the row cap with the same kind of line, and not when the rows end exactly there", async () => {
    const cut = await new Response((await open(pages(3, (p) => [`a${p}`, `b${p}`]), { maxRows: 4, maxBytes: 2 ** 20 })).stream).text();
    expect(cut).toBe(`${HEADER}a0\r\nb0\r\na1\r\nb1\r\n# stopped after 4 rows: narrow the dates to export the rest\r\n`);
    const exact = await new Response((await open(pages(2, (p) => [`a${p}`, `b${p}`]), { maxRows: 4, maxBytes: 2 ** 20 })).stream).text();
    expect(exact).toBe(`${HEADER}a0\r\nb0\r\na1\r\nb1\r\n`);
  });

  it("a page that fails halfway errors the stream: the download fails instead of looking complete", async () => {
    const { stream, finished } = await open(pages(5, (p) => [`row-${p}`], 2));
    await expect(new Response(stream).text()).rejects.toThrow("connection terminated");
    expect(finished()).toBe(1);
  });
});

describe("one export per tenant", () => {
  it("refuses a second while the first runs, frees the slot when it ends, and after the longest hold", () => {
    const end = startTenantExport("t1", 0)!;
    expect(startTenantExport("t1", 1)).toBeNull();
    const other = startTenantExport("t2", 1);
    expect(other).not.toBeNull();
    end();
    const again = startTenantExport("t1", 2)!;
    expect(again).not.toBeNull();
    const after = startTenantExport("t1", 10 * 60_000 + 3);
    expect(after).not.toBeNull();
    again(); // the stale holder's end does not free the newer export
    expect(startTenantExport("t1", 10 * 60_000 + 4)).toBeNull();
    after!();
    other!();
  });
});
