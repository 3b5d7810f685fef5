/**
 * Each route file against the endpoint declarations (lib/openapi/endpoints), which are both
 * what `route()` enforces and what the API reference documents: every method a route file
 * serves is served through `route()` with the declaration of that very method and path,
 * unaltered; every declaration is served by exactly one route. Every app/**\/route.ts is read,
 * so a new route or declaration is checked without a word here.
 */
import { pathToFileURL } from "node:url";
import path from "node:path";
import { beforeAll, describe, expect, it, vi } from "vitest";
import type { RouteHandler } from "@/lib/http";
import type { Endpoint } from "@/lib/openapi/endpoint";
import { OPERATIONS } from "@/lib/openapi/operations";
import { routePaths } from "../support/app";
import { templateOf } from "../support/api-contract";

/** The declaration each handler was made from, and which handlers `methods()` was given to serve (the rest answer 405). */
const declared = vi.hoisted(() => ({ endpoints: new WeakMap<object, object>(), served: new WeakSet<object>() }));

vi.mock("@/lib/http/route", async (importOriginal) => {
  const original = await importOriginal<typeof import("@/lib/http/route")>();
  const route: typeof original.route = (endpoint, handler) => {
    const made = original.route(endpoint, handler);
    declared.endpoints.set(made, endpoint);
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
  /** `METHOD /path` of the route file. */
  key: string;
  endpoint: Endpoint | undefined;
  answersPreflight: boolean;
}

/** Every method each route file serves, with the declaration its handler was made from. */
async function servedRoutes(): Promise<ServedRoute[]> {
  const served: ServedRoute[] = [];
  for (const routePath of routePaths().filter((p) => !p.includes("[..."))) {
    const mod = (await import(pathToFileURL(path.join(APP, routePath, "route.ts")).href)) as Record<string, RouteHandler | undefined>;
    for (const method of METHODS) {
      const handler = mod[method];
      if (!handler || !declared.served.has(handler)) continue;
      served.push({ key: `${method} ${templateOf(routePath)}`, endpoint: declared.endpoints.get(handler) as Endpoint | undefined, answersPreflight: Boolean(mod.OPTIONS) });
    }
  }
  return served;
}

describe("routes and their declarations", () => {
  let served: ServedRoute[];
  beforeAll(async () => {
    served = await servedRoutes();
  }, 120_000);

  it("reads the routes' declarations", () => {
    const create = served.find((r) => r.key === "POST /v1/sessions");
    expect(create?.endpoint).toMatchObject({ key: "POST /v1/sessions", auth: "apiKey", cors: true, idempotent: true });
  });

  it("serves each method through route() with the declaration of that method and path, as the reference has it", () => {
    const byKey = new Map(OPERATIONS.map((op) => [op.key, op]));
    const wrong = served.flatMap(({ key, endpoint }) => {
      if (!endpoint) return [`${key}: not served through route() with a declaration`];
      if (endpoint.key !== key) return [`${key}: served with the declaration of ${endpoint.key}`];
      // A copy with a field changed would make the route and the reference disagree.
      return byKey.get(key) === endpoint ? [] : [`${key}: its declaration is not the reference's own entry`];
    });
    expect(wrong).toEqual([]);
  });

  it("has a route for every declaration, and one only", () => {
    expect(served.map((r) => r.key).sort()).toEqual(OPERATIONS.map((op) => op.key).sort());
  });

  it("answers the CORS preflight wherever a declaration allows cross-origin calls", () => {
    expect(served.filter((r) => r.endpoint?.cors && !r.answersPreflight).map((r) => r.key)).toEqual([]);
  });

  it("leaves to the handler only a part the declaration describes", () => {
    expect(OPERATIONS.filter((op) => op.handlerValidates && !op[op.handlerValidates]).map((op) => op.key)).toEqual([]);
  });
});
