/**
 * Holds every response the suite receives to the API reference (lib/openapi): a status the
 * operation does not document, an error code it does not list, or a body that differs from
 * the documented schema fails the test that made the request. So the reference cannot drift
 * from what the routes answer without the suite noticing.
 */
import { errorStatus } from "@/lib/openapi/document";
import { errorsOf, type Endpoint } from "@/lib/openapi/endpoint";
import { OPERATIONS } from "@/lib/openapi/operations";
import { ErrorBody } from "@/lib/openapi/responses";

const byRoute = new Map<string, Endpoint>(OPERATIONS.map((op) => [op.key, op]));

/** Next's route directory (`/v1/sessions/[id]`) as an OpenAPI path template (`/v1/sessions/{id}`). */
export function templateOf(routePath: string): string {
  return routePath.replace(/\[(\w+)\]/g, "{$1}");
}

export function operationFor(method: string, routePath: string): Endpoint | undefined {
  return byRoute.get(`${method} ${templateOf(routePath)}`);
}

export async function assertDocumentedResponse(method: string, routePath: string, res: Response): Promise<void> {
  if (routePath.includes("[...") || method === "OPTIONS" || method === "HEAD") return;
  const where = `${method} ${templateOf(routePath)} answered ${res.status}`;
  const op = operationFor(method, routePath);
  const body = (res.headers.get("content-type") ?? "").startsWith("application/json") ? await res.clone().json() : undefined;
  if (!op) {
    // A method the path does not serve: 405, or 404 when the path's id is already unusable.
    if ((res.status === 405 && body?.error === "method_not_allowed") || (res.status === 404 && body?.error === "not_found")) return;
    throw new Error(`${where}, but the API reference has no such operation (lib/openapi/endpoints)`);
  }
  if (res.status >= 400) {
    const parsed = (res.status === 503 && op.unavailableBody ? op.unavailableBody : ErrorBody).safeParse(body);
    if (!parsed.success) throw new Error(`${where} with an error body unlike the reference's: ${JSON.stringify(parsed.error.issues)}`);
    const code = parsed.data.error;
    if (!errorsOf(op).includes(code)) throw new Error(`${where} ${code}, which the reference does not list for it`);
    if (errorStatus(op, code) !== res.status) throw new Error(`${where} ${code}; the reference gives ${code} status ${errorStatus(op, code)} here`);
    return;
  }
  const documented = op.responses[res.status as keyof Endpoint["responses"]];
  if (!documented) throw new Error(`${where}, a status the reference does not document for it`);
  if (documented.schema) {
    const parsed = documented.schema.safeParse(body);
    if (!parsed.success) throw new Error(`${where} with a body unlike the reference's: ${JSON.stringify(parsed.error.issues).slice(0, 2000)}`);
  } else if (documented.contentTypes) {
    const type = res.headers.get("content-type") ?? "";
    if (!documented.contentTypes.some((t) => type.startsWith(t))) throw new Error(`${where} as ${type}, not ${documented.contentTypes.join(" or ")}`);
  }
}
