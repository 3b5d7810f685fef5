import { describe, expect, it } from "vitest";
import { ApiError } from "@/lib/errors";
import { MultipartReader, multipartBoundary } from "@/lib/request-body/multipart";

/** A form serialised the way fetch sends it: its body bytes and boundary. */
async function encode(form: FormData): Promise<{ bytes: Uint8Array; boundary: string }> {
  const req = new Request("http://x/", { method: "POST", body: form });
  return { bytes: new Uint8Array(await req.arrayBuffer()), boundary: multipartBoundary(req.headers.get("content-type")!)! };
}

function chunked(bytes: Uint8Array, size: number): ReadableStream<Uint8Array> {
  let at = 0;
  return new ReadableStream({
    pull(c) {
      if (at >= bytes.length) return c.close();
      c.enqueue(bytes.slice(at, at + size));
      at += size;
    },
  });
}

async function readAll(stream: ReadableStream<Uint8Array>, boundary: string) {
  const reader = new MultipartReader(stream.getReader(), boundary);
  const parts: { name: string; filename: string | null; contentType: string | null; data: string }[] = [];
  for (let head = await reader.nextPart(); head; head = await reader.nextPart()) {
    const chunks: Uint8Array[] = [];
    for await (const c of reader.body()) chunks.push(c);
    parts.push({ ...head, data: Buffer.concat(chunks).toString("latin1") });
  }
  return parts;
}

describe("MultipartReader", () => {
  it("reads fields and files in order, whatever the chunking (1 byte to whole body)", async () => {
    const file = Buffer.from("%PDF-1.7\r\n--not-a-boundary\r\n\r\n" + "x".repeat(3000) + "\r\n");
    const form = new FormData();
    form.set("session", "tok.en");
    form.set("file", new Blob([new Uint8Array(file)], { type: "application/pdf" }), "scan.pdf");
    form.set("pages", "3");
    const { bytes, boundary } = await encode(form);
    for (const size of [1, 2, 7, 70, 4096, bytes.length]) {
      expect(await readAll(chunked(bytes, size), boundary)).toEqual([
        { name: "session", filename: null, contentType: null, data: "tok.en" },
        { name: "file", filename: "scan.pdf", contentType: "application/pdf", data: file.toString("latin1") },
        { name: "pages", filename: null, contentType: null, data: "3" },
      ]);
    }
  });

  it("skips a part nobody read; a preamble is ignored", async () => {
    const body = Buffer.from('preamble\r\n--b\r\nContent-Disposition: form-data; name="a"\r\n\r\nAAAA\r\n--b\r\nContent-Disposition: form-data; name=b\r\n\r\nB\r\n--b--');
    const reader = new MultipartReader(chunked(body, 3).getReader(), "b");
    expect((await reader.nextPart())?.name).toBe("a");
    expect((await reader.nextPart())?.name).toBe("b");
    expect(await reader.nextPart()).toBeNull();
  });

  it.each([
    ["no boundary at all", "just bytes"],
    ["truncated part", '--b\r\nContent-Disposition: form-data; name="a"\r\n\r\nAAAA'],
    ["no content-disposition", "--b\r\nContent-Type: text/plain\r\n\r\nA\r\n--b--"],
    ["garbage after the boundary", '--b junk\r\nContent-Disposition: form-data; name="a"\r\n\r\nA\r\n--b--'],
    ["endless headers", `--b\r\nX: ${"y".repeat(20_000)}`],
  ])("400 invalid_request for %s", async (_name, text) => {
    const err = await readAll(chunked(Buffer.from(text), 5), "b").catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).code).toBe("invalid_request");
  });

  it("finds quoted and bare boundaries", () => {
    expect(multipartBoundary('multipart/form-data; boundary="a b"')).toBe("a b");
    expect(multipartBoundary("multipart/form-data; charset=utf-8; boundary=----x1")).toBe("----x1");
    expect(multipartBoundary("multipart/form-data")).toBeNull();
  });
});
