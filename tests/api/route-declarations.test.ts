/**
 * Each route against its entry in the API reference (lib/openapi/operations.ts), from what
 * the route itself declares to `route()`: the reference has one operation for every method
 * a route file serves and none for a method no route serves; and each pair agrees on auth,
 * CORS, idempotency and, where the route validates them, the request body and query schemas.
 * Every app/**\/route.ts is read, so a new route or a new option is checked without a word here.
 */
import { pathToFileURL } from "node:url";
import path from "node:path";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import type { RouteHandler } from "@/lib/http";
import { OPERATIONS, type Operation } from "@/lib/openapi/operations";
import { routePaths } from "../support/app";
import { templateOf } from "../support/api-contract";

/** What each handler was declared with, and which handlers `methods()` was given to serve (the rest answer 405). */
const declared = vi.hoisted(() => ({ options: new WeakMap<object, Record<string, unknown>>(), served: new WeakSet<object>() }));

vi.mock("@/lib/http/route", async (importOriginal) => {
  const original = await importOriginal<typeof import("@/lib/http/route")>();
  const route: typeof original.route = (options, handler) => {
    const made = original.route(options, handler);
    declared.options.set(made, { ...options });
    return made;
  };
  return { ...original, route };
});

vi.mock("@/lib/http/methods", async (importOriginal) => {
  const original = await importOriginal<typeof import("@/lib/http/methods")>();
  const methods: typeof original.methods = (handlers) => {
    for (const handler of Object.values(handlers)) if (handler) declared.served.add(handler);
    return original.methods(handlers);
  };
  return { ...original, methods };
});

const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
const APP = path.resolve(process.cwd(), "app");

interface ServedRoute {
  key: string;
  options: { auth?: string; body?: z.ZodType; query?: z.ZodType; cors?: boolean; idempotent?: string };
}

/** Every method each route file serves, with the options its handler was declared with. */
async function servedRoutes(): Promise<ServedRoute[]> {
  const served: ServedRoute[] = [];
  for (const routePath of routePaths().filter((p) => !p.includes("[..."))) {
    const mod = (await import(pathToFileURL(path.join(APP, routePath, "route.ts")).href)) as Record<string, RouteHandler | undefined>;
    for (const method of METHODS) {
      const handler = mod[method];
      if (!handler || !declared.served.has(handler)) continue;
      const options = declared.options.get(handler);
      if (!options) throw new Error(`${method} ${routePath} is not a route() handler`);
      served.push({ key: `${method} ${templateOf(routePath)}`, options });
    }
  }
  return served;
}

const keyOf = (op: Operation) => `${op.method.toUpperCase()} ${op.path}`;
/** Kinds of caller a handler checks itself (a token in the query or body, a signed URL), not through a `route()` guard. */
const CHECKED_IN_HANDLER = ["none", "clientToken", "signedUrl"];

/** The schema a value is validated against before any transform (`.transform()` makes a pipe whose `in` is it). */
const inputOf = (schema: z.ZodType | undefined): z.ZodType | undefined => (schema instanceof z.ZodPipe ? inputOf(schema.in as z.ZodType) : schema);

/**
 * How a route and its operation disagree, one line each; empty when they agree. A body the
 * route takes as `z.unknown()` is validated by its verb (to report every problem together),
 * so the reference describes it with a schema of its own.
 */
function disagreements({ key, options }: ServedRoute, op: Operation): string[] {
  const found: string[] = [];
  const guard = options.auth ?? "none";
  if (guard === "none" ? !CHECKED_IN_HANDLER.includes(op.auth) : op.auth !== guard) found.push(`${key}: route auth ${guard}, reference ${op.auth}`);
  if (Boolean(options.cors) !== Boolean(op.cors)) found.push(`${key}: route cors ${Boolean(options.cors)}, reference ${Boolean(op.cors)}`);
  if (Boolean(options.idempotent) !== Boolean(op.idempotent)) found.push(`${key}: route idempotent ${Boolean(options.idempotent)}, reference ${Boolean(op.idempotent)}`);
  if (options.body && !(options.body instanceof z.ZodUnknown ? op.body : inputOf(op.body) === inputOf(options.body))) found.push(`${key}: the reference does not describe the body the route validates`);
  if (options.query && inputOf(op.query) !== inputOf(options.query)) found.push(`${key}: the reference does not describe the query the route validates`);
  return found;
}

describe("routes and the API reference", () => {
  let served: ServedRoute[];
  beforeAll(async () => {
    served = await servedRoutes();
  }, 120_000);

  it("reads the routes' declarations", () => {
    const create = served.find((r) => r.key === "POST /v1/sessions");
    expect(create?.options).toMatchObject({ auth: "apiKey", cors: true, idempotent: "POST /v1/sessions" });
  });

  it("has one operation for every method a route serves, and none for a method no route serves", () => {
    expect(OPERATIONS.map(keyOf).sort()).toEqual(served.map((r) => r.key).sort());
  });

  it("agrees with each route on auth, CORS, idempotency and the request schemas the route validates", () => {
    const byKey = new Map(OPERATIONS.map((op) => [keyOf(op), op]));
    expect(served.flatMap((r) => (byKey.has(r.key) ? disagreements(r, byKey.get(r.key)!) : []))).toEqual([]);
  });
});
