import { describe, expect, it } from "vitest";
import { ApiError } from "@/lib/errors";
import { parseJsonObject, readCapped, readJsonObject } from "@/lib/http";
import { pathTemplate } from "@/lib/http/route";
import { exceedsJsonDepth } from "@/lib/request-body/hostile-text";

const req = (body: BodyInit | null, headers: Record<string, string> = { "content-type": "application/json" }) =>
  new Request("http://localhost/x", { method: "POST", body, headers });

async function problem(p: Promise<unknown>): Promise<ApiError> {
  const err = await p.then(() => null, (e: unknown) => e);
  expect(err).toBeInstanceOf(ApiError);
  return err as ApiError;
}

describe("readJsonObject", () => {
  it("parses an object, and reads an absent body as {}", async () => {
    expect(await readJsonObject(req('{"a":{"b":[1,"ü"]}}'))).toEqual({ a: { b: [1, "ü"] } });
    expect(await readJsonObject(req(null, {}))).toEqual({});
  });

  it.each(["{", "{'a':1}", "nul", "\u0000"])("refuses malformed JSON %j", async (body) => {
    const err = await problem(readJsonObject(req(body)));
    expect(err.code).toBe("invalid_request");
    expect(err.fields).toEqual({ body: "must be valid JSON" });
  });

  it.each(["[]", '"x"', "42", "null", "true"])("refuses the non-object %s", async (body) => {
    const err = await problem(readJsonObject(req(body)));
    expect(err.fields).toEqual({ body: "must be a JSON object" });
  });

  it("refuses a wrong content type", async () => {
    const err = await problem(readJsonObject(req('{"a":1}', { "content-type": "text/plain" })));
    expect(err.code).toBe("invalid_request");
    expect(err.fields?.body).toMatch(/application\/json/);
  });

  it("refuses bodies over the cap, declared or streamed", async () => {
    expect((await problem(readJsonObject(req(`{"a":"${"x".repeat(2000)}"}`), 1000))).fields?.body).toMatch(/at most 1000 bytes/);
    const stream = new ReadableStream({
      pull(controller) {
        controller.enqueue(new TextEncoder().encode("x".repeat(600)));
      },
    });
    const streamed = new Request("http://localhost/x", { method: "POST", body: stream, duplex: "half" } as RequestInit);
    expect(await readCapped(streamed, 1000)).toBeNull();
  });

  it("refuses invalid UTF-8", async () => {
    const err = await problem(readJsonObject(req(new Uint8Array([0x7b, 0x22, 0xff, 0x22, 0x3a, 0x31, 0x7d]))));
    expect(err.fields).toEqual({ body: "must be valid JSON" });
  });

  it("keeps a __proto__ key as plain data, without touching Object.prototype", async () => {
    const body = await readJsonObject(req('{"__proto__":{"polluted":true},"constructor":{"prototype":{"x":1}}}'));
    expect(Object.keys(body)).toEqual(["__proto__", "constructor"]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe("parseJsonObject over the chunks a body arrived in", () => {
  /** `text` as the bytes of `size`-byte chunks, the way a request stream hands them over. */
  const chunked = (text: string, size: number) => {
    const bytes = new TextEncoder().encode(text);
    const chunks: Uint8Array[] = [];
    for (let at = 0; at < bytes.length; at += size) chunks.push(bytes.slice(at, at + size));
    return chunks;
  };

  it("reads an ASCII body the same in any chunking, and a small body after a large one as its own bytes only", () => {
    const large = { session: "s".repeat(171), payload: "QUJD".repeat(400_000) };
    const small = { session: "t" };
    for (const size of [1, 7, 65_536]) {
      if (size > 1) expect(parseJsonObject(chunked(JSON.stringify(large), size))).toEqual(large);
      expect(parseJsonObject(chunked(JSON.stringify(small), size))).toEqual(small);
    }
  });

  it("reads a body larger than the kept join buffer (8 MiB) whole", () => {
    const large = { payload: "QUJD".repeat(2_300_000) };
    expect(parseJsonObject(chunked(JSON.stringify(large), 65_536))).toEqual(large);
  });

  it("reads UTF-8 split inside a character across chunks, and refuses invalid UTF-8 in a later chunk", () => {
    expect(parseJsonObject(chunked('{"name":"Zoë Łukasz 漢字"}', 1))).toEqual({ name: "Zoë Łukasz 漢字" });
    const invalid = [...chunked('{"a":"', 3), new Uint8Array([0xff]), ...chunked('"}', 3)];
    const err = (() => {
      try {
        parseJsonObject(invalid);
      } catch (e) {
        return e;
      }
    })();
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).code).toBe("invalid_request");
    expect((err as ApiError).fields).toEqual({ body: "must be valid JSON" });
  });
});

describe("exceedsJsonDepth", () => {
  const nested = (depth: number) => "[".repeat(depth - 1) + "{}" + "]".repeat(depth - 1);

  it("finds nesting past the limit, and not at it", () => {
    expect(exceedsJsonDepth(nested(4), 3)).toBe(true);
    expect(exceedsJsonDepth(nested(3), 3)).toBe(false);
    expect(exceedsJsonDepth(`{"a":${nested(40)}}`)).toBe(true);
  });

  it("counts neither brackets inside strings nor siblings as depth", () => {
    expect(exceedsJsonDepth(JSON.stringify({ s: "[[[[[[[[[[{{{{{{{{", t: '\\"[[[[' }), 3)).toBe(false);
    expect(exceedsJsonDepth(JSON.stringify(Array.from({ length: 50 }, () => [[1]])), 3)).toBe(false);
    expect(exceedsJsonDepth(JSON.stringify({ payload: "QUJD".repeat(100_000) }))).toBe(false);
  });
});

describe("pathTemplate", () => {
  it("replaces parameter values by their names, keeping the rest", () => {
    expect(pathTemplate("/v1/sessions/sess_abc/status", { id: "sess_abc" })).toBe("/v1/sessions/:id/status");
    expect(pathTemplate("/v1/health", {})).toBe("/v1/health");
  });
});
