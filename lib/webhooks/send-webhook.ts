import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import http from "node:http";
import https from "node:https";
import { isIP, type LookupFunction } from "node:net";
import { isPrivateAddress } from "./private-address";
import { DELIVERY_ID_HEADER, EVENT_ID_HEADER, SIGNATURE_HEADER } from "./sign-payload";

/** At most this much of a receiver's response body is read; only its start is kept. */
export const RESPONSE_READ_CAP = 4096;
/** The receiver's answer kept in the attempt log: enough for an error line, not a document store. */
export const RESPONSE_KEEP_CHARS = 300;

export interface SendInput {
  url: string;
  body: string;
  signature: string;
  eventId: string;
  deliveryId: string;
  timeoutMs: number;
  /** Refuse loopback/private/link-local destinations (hosted mode without WEBHOOK_ALLOW_PRIVATE). */
  blockPrivate: boolean;
}

export interface SendOutcome {
  responseStatus: number | null;
  /** The first characters of the receiver's body (UTF-8, control characters removed); null without a response. */
  responseBody: string | null;
  error: string | null;
}

/**
 * One POST of a delivery's exact bytes. Never throws: transport problems come back as a
 * readable `error`. Redirects are not followed (a 3xx is just a non-2xx status). With
 * `blockPrivate`, the address actually connected to is the one checked: the lookup below
 * resolves, validates every address and hands the checked one to the socket, so a DNS
 * answer cannot change between the check and the connection.
 */
export async function sendWebhook(input: SendInput): Promise<SendOutcome> {
  let url: URL;
  try {
    url = new URL(input.url);
  } catch {
    return { responseStatus: null, responseBody: null, error: "invalid url" };
  }
  const host = url.hostname.replace(/^\[|\]$/g, "");
  if (input.blockPrivate && isIP(host) && isPrivateAddress(host)) return { responseStatus: null, responseBody: null, error: `destination refused: ${host} is a private address` };
  try {
    const { status, body } = await post(url, input);
    return { responseStatus: status, responseBody: keptText(body), error: null };
  } catch (err) {
    return { responseStatus: null, responseBody: null, error: describeError(err, input.timeoutMs) };
  }
}

/** The start of a body as log text: decoded leniently, control characters (but newlines) dropped. */
function keptText(body: Buffer): string {
  const kept = [...body.toString("utf8")].filter((ch) => ch === "\n" || (ch >= " " && ch !== "\u007f" && ch !== "\ufffd"));
  return kept.join("").slice(0, RESPONSE_KEEP_CHARS);
}

function post(url: URL, input: SendInput): Promise<{ status: number; body: Buffer }> {
  const client = url.protocol === "https:" ? https : url.protocol === "http:" ? http : null;
  if (!client) return Promise.reject(new Error(`unsupported scheme ${url.protocol}`));
  const signal = AbortSignal.timeout(input.timeoutMs);
  return new Promise((resolve, reject) => {
    const req = client.request(url, {
      method: "POST",
      signal,
      agent: false,
      lookup: input.blockPrivate ? checkedLookup : undefined,
      headers: {
        "Content-Type": "application/json",
        "Content-Length": Buffer.byteLength(input.body),
        "User-Agent": "docscan-webhooks/1",
        [SIGNATURE_HEADER]: input.signature,
        [EVENT_ID_HEADER]: input.eventId,
        [DELIVERY_ID_HEADER]: input.deliveryId,
      },
    });
    req.on("error", reject);
    req.on("response", (res) => {
      const chunks: Buffer[] = [];
      let read = 0;
      res.on("data", (chunk: Buffer) => {
        if (read < RESPONSE_READ_CAP) chunks.push(chunk);
        read += chunk.length;
        if (read > RESPONSE_READ_CAP) res.destroy(); // enough: the status and the body's start are what count
      });
      const done = () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).subarray(0, RESPONSE_READ_CAP) });
      res.on("close", done);
      res.on("error", done);
    });
    req.end(input.body);
  });
}

/** A socket lookup that refuses private addresses among ALL the resolved ones. */
const checkedLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (err, addresses: LookupAddress[]) => {
    if (err) return callback(err, "", 0);
    const bad = addresses.find((a) => isPrivateAddress(a.address));
    if (bad || addresses.length === 0) {
      const refusal = Object.assign(new Error(`destination refused: ${hostname} resolves to private address ${bad?.address ?? "(none)"}`), { code: "EPRIVATE" });
      return callback(refusal, "", 0);
    }
    if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
    callback(null, addresses[0].address, addresses[0].family);
  });
};

/** A transport failure as a short readable string for the attempt log. */
function describeError(err: unknown, timeoutMs: number): string {
  const e = err as NodeJS.ErrnoException & { cause?: unknown };
  if (e?.name === "TimeoutError" || e?.name === "AbortError") return `timeout after ${timeoutMs} ms`;
  if (e?.code === "EPRIVATE") return e.message;
  if (e?.code === "ECONNREFUSED") return "connection refused";
  if (e?.code === "ECONNRESET") return "connection reset by the receiver";
  if (e?.code === "ENOTFOUND" || e?.code === "EAI_AGAIN") return `dns lookup failed (${e.code})`;
  if (e?.code === "ETIMEDOUT") return "connection timed out";
  if (e?.code?.startsWith?.("ERR_TLS") || e?.code?.includes?.("CERT")) return `tls error (${e.code})`;
  return `transport error: ${e?.message ?? String(err)}`.slice(0, 300);
}
