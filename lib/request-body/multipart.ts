import { invalidRequest } from "../errors";

/** One part's headers; its bytes come from `MultipartReader.body()`. */
export interface PartHead {
  name: string;
  /** Present (possibly empty) when the part is a file. */
  filename: string | null;
  contentType: string | null;
}

const CRLF = Buffer.from("\r\n");
const HEADER_END = Buffer.from("\r\n\r\n");
/** A part's header block; real ones are a few hundred bytes. */
const MAX_HEADER_BYTES = 8 * 1024;

/**
 * A streaming `multipart/form-data` reader (RFC 7578): parts are read one after the other
 * straight off the request body, so memory holds one chunk plus a boundary's worth of
 * bytes whatever the size of a part. `nextPart()` skips what is left of the current part.
 * A malformed or truncated body is `400 invalid_request`.
 */
export class MultipartReader {
  // The leading CRLF makes the first boundary look like every later delimiter.
  private buf: Buffer = Buffer.from(CRLF);
  private readonly delimiter: Buffer;
  private state: "body" | "between" | "end" = "body";
  private sourceDone = false;

  constructor(
    private readonly source: Pick<ReadableStreamDefaultReader<Uint8Array>, "read">,
    boundary: string,
  ) {
    this.delimiter = Buffer.from(`\r\n--${boundary}`);
  }

  /** The next part's headers, or null after the closing boundary. */
  async nextPart(): Promise<PartHead | null> {
    if (this.state === "body") for await (const chunk of this.body()) void chunk;
    if (this.state === "end") return null;
    // After a delimiter: "--" closes the body; otherwise optional whitespace, CRLF, headers.
    while (this.buf.length < 2) if (!(await this.fill())) throw malformed();
    if (this.buf[0] === 0x2d && this.buf[1] === 0x2d) {
      this.state = "end";
      return null;
    }
    const lineEnd = await this.find(CRLF, 256);
    if (!/^[ \t]*$/.test(this.buf.subarray(0, lineEnd).toString("latin1"))) throw malformed();
    this.buf = this.buf.subarray(lineEnd + CRLF.length);
    const headEnd = await this.find(HEADER_END, MAX_HEADER_BYTES);
    const headers = this.buf.subarray(0, headEnd).toString("utf8");
    this.buf = this.buf.subarray(headEnd + HEADER_END.length);
    this.state = "body";
    return parseHead(headers);
  }

  /** The current part's bytes, as they arrive; ends at the next boundary. */
  async *body(): AsyncGenerator<Uint8Array> {
    if (this.state !== "body") return;
    for (;;) {
      const at = this.buf.indexOf(this.delimiter);
      if (at >= 0) {
        const last = this.buf.subarray(0, at);
        this.buf = this.buf.subarray(at + this.delimiter.length);
        this.state = "between";
        if (last.length > 0) yield last;
        return;
      }
      // Everything but a tail that could be the start of the delimiter is part data.
      const safe = this.buf.length - (this.delimiter.length - 1);
      if (safe > 0) {
        const out = this.buf.subarray(0, safe);
        this.buf = this.buf.subarray(safe);
        yield out;
      }
      if (!(await this.fill())) throw malformed();
    }
  }

  /** Index of `needle` in the buffer, reading more as needed; malformed past `limit` bytes. */
  private async find(needle: Buffer, limit: number): Promise<number> {
    for (;;) {
      const at = this.buf.indexOf(needle);
      if (at >= 0 && at <= limit) return at;
      if (this.buf.length > limit + needle.length || !(await this.fill())) throw malformed();
    }
  }

  private async fill(): Promise<boolean> {
    if (this.sourceDone) return false;
    const { done, value } = await this.source.read();
    if (done) {
      this.sourceDone = true;
      return false;
    }
    this.buf = Buffer.concat([this.buf, value]);
    return true;
  }
}

/** The boundary of a `multipart/form-data` content type, or null when there is none. */
export function multipartBoundary(contentType: string): string | null {
  const match = /;\s*boundary=(?:"([^"]{1,70})"|([^\s;"]{1,70}))/i.exec(contentType);
  return match ? (match[1] ?? match[2]) : null;
}

function parseHead(block: string): PartHead {
  let disposition: string | null = null;
  let contentType: string | null = null;
  for (const line of block.split("\r\n")) {
    const colon = line.indexOf(":");
    if (colon <= 0) throw malformed();
    const name = line.slice(0, colon).trim().toLowerCase();
    if (name === "content-disposition") disposition = line.slice(colon + 1).trim();
    if (name === "content-type") contentType = line.slice(colon + 1).trim();
  }
  if (!disposition || !/^form-data\s*(;|$)/i.test(disposition)) throw malformed();
  const name = param(disposition, "name");
  if (name === null) throw malformed();
  return { name, filename: param(disposition, "filename"), contentType };
}

/** A `; key="value"` or `; key=token` parameter of a header value (browsers quote and escape `"`). */
function param(header: string, key: string): string | null {
  const match = new RegExp(`;\\s*${key}=(?:"((?:[^"\\\\]|\\\\.)*)"|([^\\s;]+))`, "i").exec(header);
  if (!match) return null;
  return match[1] !== undefined ? match[1].replace(/\\(.)/g, "$1") : match[2];
}

function malformed() {
  return invalidRequest({ body: "must be a valid multipart/form-data body" });
}
