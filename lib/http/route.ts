import { randomUUID } from "node:crypto";
import { z } from "zod";
import { contextFor, type Ctx } from "../context";
import { databaseUnavailable } from "../db/unavailable";
import { DependencyUnavailable, errorChain, RETRY_AFTER_SECONDS } from "../dependencies";
import { ApiError, invalidRequest, type FieldErrors } from "../errors";
import { idempotencyKeyOf, idempotent, REPLAYED_HEADER, type IdempotentCall } from "../idempotency";
import { errorFields, log, logs } from "../log";
import { services } from "../services";
import { storageUnavailable } from "../storage";
import { JSON_BODY_LIMIT, readJsonObject } from "../request-body/body";
import { clientAddress } from "./client-address";
import { issuesToFields } from "../validation";
import { assertRepresentableParams } from "../request-body/hostile-text";
import { sameOriginOnly, type Auth, type Endpoint } from "../openapi/endpoint";
import { GUARDS, type GuardName, type Principal } from "./guards";
import { json } from "./json";

export type Params = Record<string, string>;
/** The signature Next calls a route handler with. */
export type RouteHandler = (req: Request, context: { params: Promise<Params> }) => Promise<Response>;

/** What `wrap()` does around a handler; `route()` derives it from the endpoint's declaration. */
interface RouteOptions {
  auth?: GuardName;
  body?: z.ZodType;
  /** The handler validates the body itself: header problems go to it (`headerProblems`). */
  handlerValidatesBody?: boolean;
  query?: z.ZodType;
  bodyLimit?: number;
  /** Refuse cross-origin mutations (console CSRF defence). */
  sameOrigin?: boolean;
  /**
   * Honour an `Idempotency-Key` header (lib/idempotency), keys scoped to this endpoint name
   * and the caller's tenant. The handler's answer is kept as its status and JSON body; a
   * repeat gets those back with `Idempotent-Replayed: true` (other headers are not kept).
   */
  idempotent?: string;
  cors?: boolean;
  noReferrer?: boolean;
}

/** The guard `route()` runs: the credentials a handler checks itself (`clientToken`, `signedUrl`) pass through `none`. */
type GuardOf<A extends Auth> = A extends GuardName ? A : "none";
type BodyOf<E> = E extends { handlerValidates: "body" } ? unknown : E extends { body: z.ZodType<infer B> } ? B : undefined;
type QueryOf<E> = E extends { handlerValidates: "query" } ? undefined : E extends { query: z.ZodType<infer Q> } ? Q : undefined;
/**
 * Each status the endpoint answers with JSON, and the shape of that JSON: its fields and their
 * primitive types. Literals are widened (`"ok"` to string) because the views type enums as
 * strings; the values themselves are checked on every answer the test suite receives.
 */
type JsonAnswers<E extends Endpoint> = { [S in keyof E["responses"]]: E["responses"][S] extends { schema: infer T extends z.ZodType } ? Widened<z.input<T>> : never };
type Widened<T> = T extends string ? string : T extends number ? number : T extends boolean ? boolean
  : T extends readonly (infer U)[] ? Widened<U>[] : T extends object ? { [K in keyof T]: Widened<T[K]> } : T;

interface HandlerArgs<G extends GuardName, B, Q> {
  req: Request;
  params: Params;
  auth: Principal<G>;
  body: B;
  query: Q;
  /** The domain context, read once per request: guards and verbs see the same `now`. */
  ctx: Ctx;
  /** The client's address through the trusted proxies only (TRUSTED_PROXY_HOPS); null when unknown. Worked out when read. */
  clientAddress: string | null;
  /**
   * Problems of the headers (a malformed `Idempotency-Key`) for a handler that validates its
   * own body to report with the body's; already reported, so empty, for every other handler.
   */
  headerProblems: FieldErrors;
}

interface EndpointArgs<E extends Endpoint> extends HandlerArgs<GuardOf<E["auth"]>, BodyOf<E>, QueryOf<E>> {
  /** `json()` held to the declaration: a status it documents, with a body of that status's schema. */
  reply: <S extends keyof JsonAnswers<E>>(status: S, body: JsonAnswers<E>[S], headers?: Record<string, string>) => Response;
}

/**
 * Serves one endpoint as its declaration (lib/openapi/endpoints) says: its guard, CORS,
 * idempotency, body and query schemas, body cap and the console's same-origin rule.
 */
export function route<E extends Endpoint>(endpoint: E, handler: (args: EndpointArgs<E>) => Promise<Response>): RouteHandler {
  const options: RouteOptions = {
    auth: guardOf(endpoint.auth),
    body: endpoint.handlerValidates === "body" ? z.unknown() : endpoint.body,
    handlerValidatesBody: endpoint.handlerValidates === "body",
    query: endpoint.handlerValidates === "query" ? undefined : endpoint.query,
    bodyLimit: endpoint.bodyLimit,
    sameOrigin: sameOriginOnly(endpoint),
    idempotent: endpoint.idempotent && endpoint.key,
    cors: endpoint.cors,
    noReferrer: endpoint.noReferrer,
  };
  // Added to the same object: a spread would work out `clientAddress` on every request.
  return wrap(options, (args) => handler(Object.assign(args, { reply: json }) as EndpointArgs<E>));
}

function guardOf<A extends Auth>(auth: A): GuardOf<A> {
  return (auth in GUARDS ? auth : "none") as GuardOf<A>;
}

/**
 * Wraps a route handler: authenticates, reads and validates the body and query (all
 * problems at once in `fields`), maps errors to the spec's JSON shape, adds `X-Request-Id`
 * and writes one log line per request.
 */
export function wrap<G extends GuardName = "none", B = undefined, Q = undefined>(
  options: RouteOptions,
  handler: (args: HandlerArgs<G, B, Q>) => Promise<Response>,
): RouteHandler {
  return async (req, context) => {
    const started = performance.now();
    const requestId = randomUUID();
    const params = (await context?.params) ?? {};
    let tenantId: string | undefined;
    let response: Response;
    try {
      assertRepresentableParams(params);
      const ctx = contextFor(await services());
      const auth = (await GUARDS[options.auth ?? "none"](req, ctx)) as Principal<G>;
      tenantId = "tenantId" in auth ? auth.tenantId : undefined;
      if (options.sameOrigin) assertSameOrigin(req, ctx.config.publicOrigin);
      const idempotency = options.idempotent ? idempotencyKeyOf(req) : { key: null, problems: {} };
      const headerProblems = options.handlerValidatesBody ? idempotency.problems : {};
      const body = (options.body ? await parseBody(req, options.body, options.bodyLimit, options.handlerValidatesBody ? {} : idempotency.problems) : undefined) as B;
      const query = (options.query ? parseQuery(req, options.query) : undefined) as Q;
      const args = { req, params, auth, body, query, ctx, headerProblems, get clientAddress() { return clientAddress(req, ctx.config.addressTrust); } };
      const run = () => handler(args);
      // Without a key there is nothing to record: the handler's Response goes out as it is.
      response = options.idempotent && tenantId && idempotency.key !== null
        ? await runOnce({ ctx, tenantId, endpoint: options.idempotent, key: idempotency.key, request: fingerprintOf(req, auth, body) }, run)
        : await run();
    } catch (err) {
      response = errorResponse(err, requestId, req);
    }
    addAnswerHeaders(req, response, requestId, options);
    logRequest(req, params, response.status, started, requestId, tenantId);
    return response;
  };
}

/**
 * Headers every answer of a route gets, set here rather than in wrappers around route(): each
 * async layer is a promise more per request, which Node 20 runs through AsyncLocalStorage's
 * promise hooks.
 */
function addAnswerHeaders(req: Request, response: Response, requestId: string, options: { cors?: boolean; noReferrer?: boolean }): void {
  const { headers } = response;
  headers.set("X-Request-Id", requestId);
  if (options.noReferrer) headers.set("Referrer-Policy", "no-referrer");
  const origin = options.cors ? req.headers.get("origin") : null;
  if (origin) {
    headers.set("Access-Control-Allow-Origin", origin);
    headers.append("Vary", "Origin");
    headers.set("Access-Control-Expose-Headers", "Retry-After, X-Request-Id");
  }
}

/** Parses the body; its problems and `moreProblems` (from headers) are reported together. */
async function parseBody<B>(req: Request, schema: z.ZodType<B>, limit = JSON_BODY_LIMIT, moreProblems: FieldErrors = {}): Promise<B> {
  const parsed = schema.safeParse(await readJsonObject(req, limit));
  const problems = { ...moreProblems, ...(parsed.success ? {} : issuesToFields(parsed.error.issues)) };
  if (!parsed.success || Object.keys(problems).length > 0) throw invalidRequest(problems);
  return parsed.data;
}

/** What makes a request the same one again: its validated body, the page it came from, and the kind of key. */
function fingerprintOf(req: Request, auth: object, body: unknown): unknown {
  const key = "keyKind" in auth ? { kind: auth.keyKind, mode: (auth as { mode?: unknown }).mode } : null;
  return { body, origin: req.headers.get("origin"), key };
}

/** `idempotent()` around a handler: its Response becomes a recordable answer and back. */
async function runOnce(call: IdempotentCall, run: () => Promise<Response>): Promise<Response> {
  const answer = await idempotent(call, async () => {
    const res = await run();
    return { status: res.status, body: await res.json() };
  });
  return json(answer.status, answer.body, answer.replayed ? { [REPLAYED_HEADER]: "true" } : {});
}

function parseQuery<Q>(req: Request, schema: z.ZodType<Q>): Q {
  const parsed = schema.safeParse(Object.fromEntries(new URL(req.url).searchParams));
  if (!parsed.success) throw invalidRequest(issuesToFields(parsed.error.issues));
  return parsed.data;
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

function assertSameOrigin(req: Request, publicOrigin: string): void {
  const origin = req.headers.get("origin");
  if (SAFE_METHODS.has(req.method) || origin === null || origin === publicOrigin) return;
  throw new ApiError("origin_not_allowed", { message: "Console requests must come from the console's own origin." });
}

/**
 * Maps any thrown value to the spec's error body: an ApiError as itself, a dependency that is
 * down or slow as `503 service_unavailable` with `Retry-After`, anything else as a 500.
 * Unexpected errors are logged redacted (lib/log.ts `errorFields`).
 */
export function errorResponse(err: unknown, requestId: string, req: Request): Response {
  if (err instanceof ApiError) return json(err.status, err.toBody(), err.headers);
  // A dependency's own deadline aborts with an AbortError too: that is an outage, not the client.
  if (!(err instanceof DependencyUnavailable) && isClientAbort(err)) {
    // Nobody reads this answer; it is logged at debug so disconnects never look like faults.
    log("debug", "client closed the request", { requestId, path: new URL(req.url).pathname });
    return json(400, { error: "invalid_request", message: "The request body ended early: the client closed the connection." });
  }
  const unavailable = dependencyFailure(err);
  if (unavailable) {
    log("warn", "dependency unavailable", { requestId, method: req.method, path: new URL(req.url).pathname, dependency: unavailable.dependency, reason: unavailable.reason, ...errorFields(err) });
    const error = new ApiError("service_unavailable", {
      message: `Our ${DEPENDENCY_NAMES[unavailable.dependency]} is unavailable or too slow right now; retry after ${RETRY_AFTER_SECONDS} seconds.`,
      headers: { "Retry-After": String(RETRY_AFTER_SECONDS) },
    });
    return json(error.status, error.toBody(), error.headers);
  }
  log("error", "unhandled error", { requestId, method: req.method, path: new URL(req.url).pathname, ...errorFields(err) });
  return json(500, { error: "internal_error", message: `Something went wrong on our side (request ${requestId}); retry with exponential backoff.` });
}

const DEPENDENCY_NAMES = { database: "database", rate_limit: "rate-limit store", storage: "document storage" } as const;

/** Node's error for a request body cut off by the client (`aborted`, ECONNRESET), or an AbortError. */
function isClientAbort(err: unknown): boolean {
  for (const e of errorChain(err)) if (e.name === "AbortError" || (e.message === "aborted" && e.code === "ECONNRESET")) return true;
  return false;
}

function dependencyFailure(err: unknown): DependencyUnavailable | null {
  if (err instanceof DependencyUnavailable) return err;
  return databaseUnavailable(err) ?? storageUnavailable(err);
}

function logRequest(req: Request, params: Params, status: number, started: number, requestId: string, tenant?: string): void {
  // Building the line (a URL parse, the path template) costs every request, written or not.
  if (!logs("info")) return;
  log("info", "request", {
    requestId,
    method: req.method,
    path: pathTemplate(new URL(req.url).pathname, params),
    status,
    ms: Math.round((performance.now() - started) * 10) / 10,
    ...(tenant ? { tenant } : {}),
  });
}

/** `/v1/sessions/sess_x/status` → `/v1/sessions/:id/status`: ids and tokens stay out of logs. */
export function pathTemplate(pathname: string, params: Params): string {
  const byValue = new Map(Object.entries(params).map(([name, value]) => [encodeURIComponent(String(value)), name]));
  return pathname
    .split("/")
    .map((segment) => (byValue.has(segment) ? `:${byValue.get(segment)}` : segment))
    .join("/");
}
