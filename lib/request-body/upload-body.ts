import { isAscii } from "node:buffer";
import type { z } from "zod";
import { ApiError, invalidRequest, type FieldErrors } from "../errors";
import { decodeBase64 } from "./base64";
import { parseJsonObject, withJoined } from "./body";
import type { BodyDeadline } from "./body-deadline";
import { leadingStringMember, plainStringMember } from "./json-leading-member";
import { issuesToFields } from "../validation";
import { MultipartReader, multipartBoundary } from "./multipart";
import { REPORT_TEXT_BYTES } from "./report-room";

/**
 * Room for multipart boundaries, headers and the form fields around the file, including a
 * page report that carries every page's recognised text at its longest.
 */
const FORM_OVERHEAD = 64 * 1024 + REPORT_TEXT_BYTES;

/** The header that carries the client token, so it is checked before any body byte is read. */
export const CLIENT_TOKEN_HEADER = "x-client-token";

export interface UploadFields {
  /** The client token: the body's `session` field, or the header. */
  token: string | undefined;
  /** `pages` as sent (validated by the caller's schema). */
  pages: unknown;
  /** `report` as sent: the multipart field's text (parsed by the caller), or the JSON body's value as its schema checked it. */
  report: unknown;
}

export interface UploadBodyOptions {
  maxBytes: number;
  /** The `X-Client-Token` header's value; a body `session` field must then match it. */
  headerToken: string | null;
  /** The JSON body's schema (`session`, `payload`, `pages`). */
  jsonSchema: z.ZodType<{ session?: string; payload?: string; pages?: number; report?: unknown }>;
  /**
   * Called once a token that came in the body is known, before the document is read: the
   * caller checks it (and may then let the body take more time and memory).
   */
  onToken(token: string): Promise<void>;
  /** Stores the document as it arrives (a stream for multipart, bytes for JSON), once its token is known. */
  onFile(token: string, body: ReadableStream<Uint8Array> | Uint8Array): Promise<void>;
}

/**
 * Reads `POST /v1/scanner/upload`, multipart (`session`, `file`, `pages`, `report`) or JSON
 * (`session`, `payload` as base64 or a data URI, `pages`, `report`). Multipart is read part by part straight off
 * the socket and the file part is handed to `onFile` as a stream, so memory stays flat
 * whatever the file's size; the token must then arrive first (the header, or a `session`
 * part before the file, as browsers send a FormData built in that order). JSON must be
 * parsed whole: its raw size is capped at the base64 of `maxBytes`, and without the header
 * the `session` member must come before `payload`, within the first `FORM_OVERHEAD` bytes,
 * so that no more than that is held before the token is checked.
 */
export async function readUploadBody(req: Request, body: BodyDeadline | null, options: UploadBodyOptions): Promise<UploadFields> {
  // The media type is case-insensitive; the boundary is not (a browser's mixes cases).
  const contentType = req.headers.get("content-type") ?? "", type = contentType.toLowerCase();
  if (type.startsWith("multipart/form-data")) return readMultipart(contentType, body, options);
  if (/^application\/json\s*(;|$)/.test(type)) return readJson(req, body, options);
  throw invalidRequest({ body: "must be multipart/form-data or application/json" }, "Unsupported content type.");
}

async function readMultipart(contentType: string, body: BodyDeadline | null, options: UploadBodyOptions): Promise<UploadFields> {
  const boundary = multipartBoundary(contentType);
  if (!boundary || !body) throw invalidRequest({ body: "must be a valid multipart/form-data body" });
  const reader = new MultipartReader(body, boundary);
  const fields: FieldErrors = {};
  const text = new Map<string, string>();
  let fieldBytes = 0;
  let token = options.headerToken ?? undefined;
  let fileSeen = false;
  for (let part = await reader.nextPart(); part; part = await reader.nextPart()) {
    if (part.name === "file" && part.filename !== null) {
      if (fileSeen) {
        fields.file = "must be sent once";
        continue;
      }
      if (token === undefined) throw tokenFirst("as the session field ahead of the file part");
      fileSeen = true;
      await options.onFile(token, streamOf(reader.body()));
      continue;
    }
    const value = await readText(reader, FORM_OVERHEAD - fieldBytes);
    fieldBytes += value.length;
    text.set(part.name, value);
    if (part.name === "session") {
      token = matchHeader(value, options.headerToken, fields);
      if (options.headerToken === null) await options.onToken(token);
    }
  }
  if (text.has("file")) fields.file = "must be a file";
  if (Object.keys(fields).length > 0) throw invalidRequest(fields);
  const pages = text.get("pages");
  return { token, pages: pages === undefined ? undefined : /^\d{1,6}$/.test(pages) ? Number(pages) : pages, report: text.get("report") };
}

async function readJson(req: Request, body: BodyDeadline | null, options: UploadBodyOptions): Promise<UploadFields> {
  const cap = Math.ceil(options.maxBytes / 3) * 4 + FORM_OVERHEAD;
  const declared = Number(req.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > cap) throw new ApiError("file_too_large");
  const { chunks, scanned } = await readJsonChunks(body, cap, options);
  const json = chunks.every((c) => c.byteLength === 0) ? { object: {}, payload: null } : parseUploadJson(chunks);
  const parsed = options.jsonSchema.safeParse(json.object);
  if (!parsed.success) throw invalidRequest(issuesToFields(parsed.error.issues));
  const { session, payload, pages, report } = parsed.data;
  const fields: FieldErrors = {};
  // A token found ahead of the payload was checked as the body arrived; a repeated `session`
  // member must not swap another one in.
  const known = options.headerToken ?? scanned;
  const token = session !== undefined ? matchHeader(session, known, fields) : (known ?? undefined);
  const bytes = json.payload ?? (payload !== undefined ? decodePayload(payload, fields) : null);
  if (Object.keys(fields).length > 0) throw invalidRequest(fields);
  if (bytes && bytes.byteLength > options.maxBytes) throw new ApiError("file_too_large");
  if (bytes && token !== undefined) await options.onFile(token, bytes);
  return { token, pages, report };
}

/**
 * The JSON body as an object, and its `payload` already decoded when that was plain base64
 * text: the payload's bytes go straight to the decoder and only the rest of the body (the
 * payload left as `""`) to `parseJsonObject`, which is the same judgement of the whole body, since
 * base64 is valid JSON string text. `JSON.parse` of a 2.7 MB payload string was a third of an
 * upload's CPU. Anything else (escapes, not base64, two `payload` members) is parsed whole, as
 * before, so every answer is the one the whole parse gives.
 */
function parseUploadJson(chunks: Uint8Array[]): { object: Record<string, unknown>; payload: Uint8Array | null } {
  const split = withJoined(chunks, (whole) => {
    const span = plainStringMember(whole, "payload");
    // ASCII and base64 (after a data URI's head without control characters) is valid JSON string text.
    const plain = span !== null && isAscii(whole.subarray(span.start, span.end));
    const payload = plain && decodePayload(whole.toString("latin1", span.start, span.end), {}, RAW_DATA_URI);
    return span && payload ? { rest: Buffer.concat([whole.subarray(0, span.start), whole.subarray(span.end)]), payload } : null;
  });
  return split !== null ? { object: parseJsonObject(split.rest), payload: split.payload } : { object: parseJsonObject(chunks), payload: null };
}

/**
 * The JSON body's chunks, up to `cap` bytes (else `413`). Without the header token, the body is
 * scanned as it arrives for its `session` member, which `onToken` checks before more than
 * `FORM_OVERHEAD` bytes are held; a body that shows none by then, or shows `payload` first, is
 * refused. A body too odd to scan must fit in `FORM_OVERHEAD` and is judged by the full parse.
 */
async function readJsonChunks(body: BodyDeadline | null, cap: number, options: UploadBodyOptions): Promise<{ chunks: Uint8Array[]; scanned: string | null }> {
  const chunks: Uint8Array[] = [];
  if (!body) return { chunks, scanned: null };
  let total = 0;
  let scanning = options.headerToken === null;
  let limit = scanning ? FORM_OVERHEAD : cap;
  let scanned: string | null = null;
  for (;;) {
    const { done, value } = await body.read();
    if (done) break;
    total += value.byteLength;
    chunks.push(value);
    if (scanning) {
      const found = leadingStringMember(Buffer.concat(chunks), "session", "payload");
      if (found.kind === "stop") throw tokenFirst("as the session member ahead of payload");
      if (found.kind === "found") {
        await options.onToken(found.value);
        scanned = found.value;
        limit = cap;
      }
      scanning = found.kind === "more";
    }
    if (total > limit) {
      if (limit === cap) throw new ApiError("file_too_large");
      throw scanning ? tokenFirst(`within the first ${FORM_OVERHEAD} bytes`) : invalidRequest({ body: "must be a JSON object whose session member comes before payload" });
    }
  }
  return { chunks, scanned };
}

function tokenFirst(where: string): ApiError {
  return new ApiError("invalid_token", { status: 400, message: `Send the client token before the document: in the ${CLIENT_TOKEN_HEADER} header, or ${where}.` });
}

/** A body token and a header (or earlier) token must name the same session. */
function matchHeader(value: string, headerToken: string | null, fields: FieldErrors): string {
  if (headerToken !== null && value !== headerToken) fields.session = `must match the ${CLIENT_TOKEN_HEADER} header or the first session member (send one)`;
  return value;
}

const DATA_URI = /^data:[^,]*;base64,/i;
/** A data URI's head as it may stand unescaped in JSON text: no control character. */
// eslint-disable-next-line no-control-regex -- the control characters are what it excludes
const RAW_DATA_URI = /^data:[^,\u0000-\u001f]*;base64,/i;

/** `data:[<type>][;params];base64,<data>` or bare base64 (standard alphabet, padding optional). */
function decodePayload(payload: string, fields: FieldErrors, dataUriPattern = DATA_URI): Uint8Array | null {
  const dataUri = dataUriPattern.exec(payload);
  const bytes = decodeBase64(dataUri ? payload.slice(dataUri[0].length) : payload);
  if (bytes === null) fields.payload = "must be a base64 string or a base64 data URI";
  return bytes;
}

/** A text part, refused past the room left for form fields. */
async function readText(reader: MultipartReader, room: number): Promise<string> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of reader.body()) {
    size += chunk.byteLength;
    if (size > room) throw invalidRequest({ body: `form fields other than the file must total at most ${FORM_OVERHEAD} bytes` });
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString("utf8");
}

function streamOf(chunks: AsyncGenerator<Uint8Array>): ReadableStream<Uint8Array> {
  return new ReadableStream({
    async pull(controller) {
      const next = await chunks.next();
      if (next.done) controller.close();
      else controller.enqueue(next.value);
    },
    async cancel() {
      await chunks.return(undefined);
    },
  });
}
