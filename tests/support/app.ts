/**
 * Calls the app's route handlers in-process with real `Request`s, resolving the path
 * against app/ the way Next does (static segment, then [param], then [...catchAll]).
 * It stands where scripts/server.mjs stands: it declares that it writes the peer-address
 * header, and each request comes from an address of its own (as the peer, and as a proxy's
 * `X-Forwarded-For` entry for TRUSTED_PROXY_HOPS=1) unless the test names them.
 */
import { randomBytes } from "node:crypto";
import { readdirSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { RouteHandler } from "@/lib/http";
import { PEER_ADDRESS_HEADER, setsPeerAddressHeader } from "@/lib/http/path-guard.mjs";
import { assertDocumentedResponse } from "./api-contract";

const APP_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../app");
export const BASE_URL = "http://localhost:3000";

interface RouteFile {
  segments: string[];
  file: string;
}

const routeFiles: RouteFile[] = findRoutes(APP_DIR, []);
setsPeerAddressHeader();

/** Every route file's path under app/, with params in Next's `[name]` / `[...name]` form. */
export function routePaths(): string[] {
  return routeFiles.map((r) => `/${r.segments.join("/")}`);
}

function findRoutes(dir: string, segments: string[]): RouteFile[] {
  const found: RouteFile[] = [];
  for (const entry of readdirSync(dir)) {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) found.push(...findRoutes(full, [...segments, entry]));
    else if (entry === "route.ts") found.push({ segments, file: full });
  }
  return found;
}

function match(route: RouteFile, parts: string[]): Record<string, string> | null {
  const params: Record<string, string> = {};
  for (let i = 0; i < route.segments.length; i++) {
    const seg = route.segments[i];
    const catchAll = /^\[\.\.\.(\w+)\]$/.exec(seg);
    if (catchAll) {
      if (i >= parts.length) return null;
      params[catchAll[1]] = parts.slice(i).join("/");
      return params;
    }
    if (i >= parts.length) return null;
    const dynamic = /^\[(\w+)\]$/.exec(seg);
    if (dynamic) params[dynamic[1]] = decodeURIComponent(parts[i]);
    else if (seg !== parts[i]) return null;
  }
  return route.segments.length === parts.length ? params : null;
}

/** Next's precedence: more static segments first, catch-alls last. */
function rank(route: RouteFile): number[] {
  return route.segments.map((s) => (s.startsWith("[...") ? 2 : s.startsWith("[") ? 1 : 0));
}

function resolve(pathname: string): { file: string; routePath: string; params: Record<string, string> } | null {
  const parts = pathname.split("/").filter(Boolean);
  const candidates = routeFiles
    .map((r) => ({ r, params: match(r, parts) }))
    .filter((c): c is { r: RouteFile; params: Record<string, string> } => c.params !== null)
    .sort((a, b) => compareRank(rank(a.r), rank(b.r)));
  const best = candidates[0];
  return best ? { file: best.r.file, routePath: `/${best.r.segments.join("/")}`, params: best.params } : null;
}

function compareRank(a: number[], b: number[]): number {
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const d = (a[i] ?? -1) - (b[i] ?? -1);
    if (d !== 0) return d;
  }
  return 0;
}

export interface CallOptions {
  json?: unknown;
  body?: BodyInit;
  headers?: Record<string, string>;
  cookie?: string;
  bearer?: string;
}

/**
 * Sends one request through the app's routing and returns the handler's Response, after
 * checking it against the API reference (./api-contract).
 */
export async function call(method: string, pathAndQuery: string, options: CallOptions = {}): Promise<Response> {
  const url = new URL(pathAndQuery, BASE_URL);
  const resolved = resolve(url.pathname);
  if (!resolved) throw new Error(`no route file for ${url.pathname} (Next would answer its HTML 404)`);
  const mod = (await import(pathToFileURL(resolved.file).href)) as Record<string, RouteHandler | undefined>;
  const handler = mod[method];
  if (!handler) throw new Error(`${resolved.file} exports no ${method}`);
  const someone = () => `10.${[...randomBytes(3)].join(".")}`;
  const headers: Record<string, string> = { [PEER_ADDRESS_HEADER]: someone(), "x-forwarded-for": someone(), ...options.headers };
  if (options.cookie) headers.cookie = options.cookie;
  if (options.bearer) headers.authorization = `Bearer ${options.bearer}`;
  let body = options.body;
  if (options.json !== undefined) {
    body = typeof options.json === "string" ? options.json : JSON.stringify(options.json);
    headers["content-type"] ??= "application/json";
  }
  const req = new Request(url, { method, headers, body, duplex: "half" } as RequestInit);
  const res = await handler(req, { params: Promise.resolve(resolved.params) });
  await assertDocumentedResponse(method, resolved.routePath, res);
  return res;
}

/** `call` and parse the JSON body (throws if the response is not JSON). */
// Tests read response bodies loosely by default; pass T for a typed view.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function callJson<T = any>(method: string, pathAndQuery: string, options: CallOptions = {}) {
  const res = await call(method, pathAndQuery, options);
  const text = await res.text();
  let body: T;
  try {
    body = JSON.parse(text) as T;
  } catch {
    throw new Error(`${method} ${pathAndQuery} answered ${res.status} with non-JSON: ${text.slice(0, 200)}`);
  }
  return { status: res.status, headers: res.headers, body };
}
