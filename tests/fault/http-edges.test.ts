/**
 * What only a real server shows: paths Next would answer with its HTML error page, and
 * blob PUT bodies read from a real socket. Invariant: every /v1 answer is JSON with a code
 * from the error table, whatever the bytes of the request line or body.
 */
import { request } from "node:http";
import { describe, expect, it } from "vitest";
import { useAppServer } from "./support/use-app-server";

const MAX = 2000;
const server = useAppServer({ env: { MAX_UPLOAD_BYTES: String(MAX) } });

/** One request with the path sent byte for byte (fetch would normalise `..` and `%`). */
function raw(method: string, path: string, body?: Uint8Array, headers: Record<string, string> = {}, to: typeof server = server) {
  const url = new URL(to.baseUrl);
  return new Promise<{ status: number; type: string; text: string }>((resolve, reject) => {
    const req = request({ host: url.hostname, port: url.port, method, path, headers }, (res) => {
      let text = "";
      res.setEncoding("utf8").on("data", (c: string) => (text += c)).on("end", () => resolve({ status: res.statusCode!, type: String(res.headers["content-type"]), text }));
    });
    req.on("error", reject);
    req.end(body);
  });
}

async function api(method: string, path: string, json?: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(server.baseUrl + path, { method, headers: { "content-type": "application/json", ...headers }, body: json === undefined ? undefined : JSON.stringify(json) });
  return { status: res.status, headers: res.headers, body: await res.json() };
}

/**
 * Paths Next alone would answer with its HTML error page, and what the API answers instead.
 * The last column: whether bare `next start` (Vercel's shape, no server entry, proxy.ts the
 * only guard) answers the same. There Next resolves dot segments itself before any of our
 * code runs, so those rows are the server entry's alone.
 */
const UNROUTABLE: [path: string, status: number, code: string, onBareNext: boolean][] = [
  ["/v1/%", 400, "invalid_request", true],
  ["/v1/sessions/%E0%A4%A", 400, "invalid_request", true],
  ["/v1/sessions/%ZZ/status?t=x", 400, "invalid_request", true],
  ["/v1/../etc/passwd", 404, "not_found", false],
  ["/v1/sessions/..", 404, "not_found", false],
  ["/v1/%2e%2e/health", 404, "not_found", false],
  ["/v1/./health", 404, "not_found", false],
  ["/v1", 404, "not_found", true],
  ["/v1/", 404, "not_found", false],
  ["/v1/sessions/%00", 404, "not_found", true],
  // A routable path still reaches its route (proxy.ts left it alone).
  ["/v1/sessions/x/status", 401, "invalid_token", true],
];

describe("compression", () => {
  it("sends small JSON answers as they are, larger ones gzipped when asked", async () => {
    const small = await fetch(`${server.baseUrl}/v1/health`, { headers: { "accept-encoding": "gzip" } });
    expect(small.headers.get("content-encoding")).toBeNull();
    expect(small.headers.get("cache-control")).toBe("no-store, no-transform");
    expect((await small.json()).status).toBeDefined();
    const large = await fetch(`${server.baseUrl}/v1/openapi.json`, { headers: { "accept-encoding": "gzip" } });
    expect(large.status).toBe(200);
    expect(large.headers.get("content-encoding")).toBe("gzip");
  });
});

async function expectJsonError(target: typeof server, path: string, status: number, code: string) {
  const res = await raw("GET", path, undefined, {}, target);
  expect(res.status).toBe(status);
  expect(res.type).toMatch(/^application\/json/);
  expect(JSON.parse(res.text).error).toBe(code);
}

describe("errors", () => {
  it.each(UNROUTABLE)("%s answers JSON %i %s", (path, status, code) => expectJsonError(server, path, status, code));

  it("blob PUT: empty body 400 empty_file, one byte over 413 file_too_large, far over 413; exactly max_bytes 204", async () => {
    const su = await api("POST", "/v1/auth/signup", { email: `edge-${Date.now()}@example.com`, password: "correct horse battery" });
    const cookie = su.headers.get("set-cookie")!.split(";")[0];
    const key = (await api("POST", "/v1/dashboard/keys", { name: "k", kind: "secret", mode: "test" }, { cookie })).body.secret;
    const uploadUrl = async () => {
      const session = (await api("POST", "/v1/sessions", {}, { authorization: `Bearer ${key}` })).body;
      const config = (await api("GET", `/v1/scanner/config?t=${new URL(session.scan_url).searchParams.get("t")}`)).body;
      const u = new URL(config.upload.url);
      return u.pathname + u.search;
    };
    const pdf = (n: number) => {
      const b = Buffer.alloc(n, 0x20);
      b.write("%PDF-1.7\n");
      return new Uint8Array(b);
    };
    const type = { "content-type": "application/pdf" };
    for (const [body, status, code] of [
      [new Uint8Array(0), 400, "empty_file"],
      [pdf(MAX + 1), 413, "file_too_large"],
      [pdf(MAX * 10), 413, "file_too_large"],
    ] as const) {
      const res = await raw("PUT", await uploadUrl(), body, type);
      expect(res.status, res.text).toBe(status);
      expect(JSON.parse(res.text).error).toBe(code);
    }
    const none = await raw("PUT", await uploadUrl(), undefined, type);
    expect([none.status, JSON.parse(none.text).error]).toEqual([400, "empty_file"]);
    expect((await raw("PUT", await uploadUrl(), pdf(MAX), type)).status).toBe(204);
  });
});

// On Vercel the server entry does not run: proxy.ts is the only guard. It sees /v1 paths with
// a `%` only (every other request skips the proxy and Next's body buffering for it).
describe("on bare next start (as Vercel runs the app)", () => {
  const bare = useAppServer({ entry: "next" });

  it.each(UNROUTABLE.filter((row) => row[3]))("%s answers JSON %i %s", (path, status, code) => expectJsonError(bare, path, status, code));
});
