/**
 * The shape of an endpoint's one declaration. `route()` (lib/http) takes its auth, CORS,
 * idempotency, body and query from it; document.ts renders it as an OpenAPI operation; the
 * test suite checks every answer against its responses and errors (tests/support/app.ts).
 */
import type { z } from "zod";
import type { ErrorCode } from "../errors";

export type Auth = "apiKey" | "secretKey" | "console" | "cron" | "clientToken" | "signedUrl" | "none";
export type Tag = "Sessions" | "Scanner" | "Files" | "Console account" | "Console" | "Operations";
export type Method = "GET" | "POST" | "PUT" | "DELETE";
/** `METHOD /path`, the path an OpenAPI template: `{id}` where the route directory says `[id]`. */
export type EndpointKey = `${Method} /v1/${string}`;

export interface SuccessResponse {
  description: string;
  /** JSON body; absent for an empty body or when `contentTypes` names other media types. */
  schema?: z.ZodType;
  /** The media types a non-JSON body may have, each a binary string. */
  contentTypes?: string[];
  /** A whole example answer, shown beside the schema (it must match it: tests/api/openapi). */
  example?: unknown;
}

export interface Declaration {
  summary: string;
  description?: string;
  tag: Tag;
  /** Who may call. `clientToken` and `signedUrl` are checked by the handler (the credential is in the request), like `none`. */
  auth: Auth;
  /** Validated by `route()`; the reference shows it as sent (before any `.transform()`). */
  query?: z.ZodType;
  /** The JSON body, validated by `route()`, every problem at once. */
  body?: z.ZodType;
  /**
   * What `route()` hands over unvalidated. `body`: the handler gets the parsed JSON as
   * `unknown` and its verb validates it, reporting those problems together with its own.
   * `query`: not parsed; the handler reads the token or signature in it, so a missing one is
   * that credential's error rather than `invalid_request`.
   */
  handlerValidates?: "body" | "query";
  /** Request headers the handler reads, beyond the credentials and `Idempotency-Key`. */
  headers?: z.ZodObject;
  /** Other request media types, which the handler reads from the request itself (streamed or multipart). */
  rawBodies?: Record<string, z.ZodType>;
  /** The JSON body's byte cap, when not the default (lib/request-body). */
  bodyLimit?: number;
  /** Honours `Idempotency-Key`, keys scoped to this endpoint and the caller's tenant (lib/idempotency). */
  idempotent?: true;
  /**
   * Cross-origin callable from the browser. Neither such endpoint uses cookies (the key or
   * the token in the request is the whole credential), so echoing the caller's Origin grants
   * nothing a non-browser client lacks. Errors carry the headers too; the preflight is
   * `corsPreflight` (lib/http/cors).
   */
  cors?: true;
  /** `Referrer-Policy: no-referrer` on every answer, for a URL that carries a token. */
  noReferrer?: true;
  responses: Partial<Record<200 | 201 | 204 | 302, SuccessResponse>>;
  /** The `503` body, when it says more than the error body (readiness adds its checks). */
  unavailableBody?: z.ZodType<{ error: ErrorCode; message: string }>;
  /** The error codes this endpoint can answer with, beyond those its auth, body and idempotency imply. */
  errors: readonly ErrorCode[];
}

export type Endpoint<K extends EndpointKey = EndpointKey> = Declaration & { key: K; method: Method; path: string };

/** Declarations keyed by `METHOD /path`, each given its key, method and path. */
export function endpoints<T extends { [K in EndpointKey]?: Declaration }>(declarations: T): { [K in keyof T & EndpointKey]: T[K] & Endpoint<K> } {
  return Object.fromEntries(
    Object.entries(declarations).map(([key, declaration]) => {
      const [method, path] = key.split(" ");
      return [key, { ...declaration, key, method, path }];
    }),
  ) as { [K in keyof T & EndpointKey]: T[K] & Endpoint<K> };
}

/** A JSON answer described by `schema`. */
export const jsonResponse = <S extends z.ZodType>(description: string, schema: S) => ({ description, schema });

/** The console's CSRF defence: its mutations must come from the console's own origin. */
export const sameOriginOnly = (op: Declaration): boolean => op.auth === "console" || op.tag === "Console account";

/** The error codes an endpoint can answer with: its own and those its shape implies. */
export function errorsOf(op: Endpoint): ErrorCode[] {
  const implied: ErrorCode[] = ["service_unavailable", "internal_error"];
  if (op.body) implied.push("invalid_request");
  if (op.idempotent) implied.push("idempotency_key_reused", "idempotency_key_in_use", "invalid_request");
  if (op.auth === "console" || op.auth === "cron") implied.push("unauthorized");
  if (sameOriginOnly(op) && op.method !== "GET") implied.push("origin_not_allowed");
  if (op.auth === "apiKey" || op.auth === "secretKey") implied.push("invalid_api_key");
  if (op.auth === "secretKey") implied.push("secret_key_required");
  return [...new Set([...op.errors, ...implied])];
}
