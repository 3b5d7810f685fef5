import { ApiError, invalidRequest } from "../errors";
import { issuesToFields, parseJsonObject, readCapped } from "../http";
import { Pages, UploadJsonInput } from "./schemas";

/** Room for multipart boundaries, headers and the other form fields around the file. */
const FORM_OVERHEAD = 64 * 1024;

export interface UploadBody {
  token: string | undefined;
  pages: number | undefined;
  /** The document's bytes; null when no file or payload was sent. */
  bytes: Uint8Array | null;
}

/**
 * Reads `POST /v1/scanner/upload`: multipart (`file`, `session`, `pages`) or JSON (`payload` as
 * a data URI or bare base64). The raw body is capped while reading (`413` past the cap) and
 * only then parsed; the decoded document is held to `maxBytes` inclusive.
 */
export async function readUploadBody(req: Request, maxBytes: number): Promise<UploadBody> {
  const type = (req.headers.get("content-type") ?? "").toLowerCase();
  if (type.startsWith("multipart/form-data")) return readMultipart(req, maxBytes);
  if (/^application\/json\s*(;|$)/.test(type)) return readJson(req, maxBytes);
  throw invalidRequest({ body: "must be multipart/form-data or application/json" }, "Unsupported content type.");
}

async function readMultipart(req: Request, maxBytes: number): Promise<UploadBody> {
  const raw = await readCapped(req, maxBytes + FORM_OVERHEAD);
  if (raw === null) throw new ApiError("file_too_large");
  let form: FormData;
  try {
    form = await new Request("http://upload.local/", { method: "POST", headers: { "content-type": req.headers.get("content-type")! }, body: raw as Uint8Array<ArrayBuffer> }).formData();
  } catch {
    throw invalidRequest({ body: "must be a valid multipart/form-data body" });
  }
  const [token, file, pages] = [form.get("session"), form.get("file"), form.get("pages")];
  const fields: Record<string, string> = {};
  if (typeof file === "string") fields.file = "must be a file";
  if (token !== null && typeof token !== "string") fields.session = "must be a text field";
  const parsedPages = pages === null ? undefined : typeof pages === "string" && /^\d{1,6}$/.test(pages) ? Number(pages) : NaN;
  if (parsedPages !== undefined && !Pages.safeParse(parsedPages).success) fields.pages = "must be a positive integer";
  if (Object.keys(fields).length > 0) throw invalidRequest(fields);
  const bytes = file instanceof Blob ? new Uint8Array(await file.arrayBuffer()) : null;
  if (bytes && bytes.byteLength > maxBytes) throw new ApiError("file_too_large");
  return { token: (token as string | null) ?? undefined, pages: parsedPages, bytes };
}

async function readJson(req: Request, maxBytes: number): Promise<UploadBody> {
  const raw = await readCapped(req, Math.ceil(maxBytes / 3) * 4 + FORM_OVERHEAD);
  if (raw === null) throw new ApiError("file_too_large");
  const value = raw.byteLength === 0 ? {} : parseJsonObject(raw);
  const parsed = UploadJsonInput.safeParse(value);
  if (!parsed.success) throw invalidRequest(issuesToFields(parsed.error.issues));
  const bytes = parsed.data.payload === undefined ? null : decodePayload(parsed.data.payload);
  if (bytes && bytes.byteLength > maxBytes) throw new ApiError("file_too_large");
  return { token: parsed.data.session, pages: parsed.data.pages, bytes };
}

/** `data:[<type>][;params];base64,<data>` or bare base64 (standard alphabet, padding optional). */
function decodePayload(payload: string): Uint8Array {
  const dataUri = /^data:[^,]*;base64,/i.exec(payload);
  const b64 = dataUri ? payload.slice(dataUri[0].length) : payload;
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(b64) || b64.length % 4 === 1) {
    throw invalidRequest({ payload: "must be a base64 string or a base64 data URI" });
  }
  return new Uint8Array(Buffer.from(b64, "base64"));
}
