/**
 * The API reference (lib/openapi): a valid OpenAPI 3.1 document, each operation once, every
 * error code somewhere. That each route serves its own declaration is ./route-declarations.test.ts;
 * that each answer matches its entry is checked on every request the suite makes
 * (tests/support/api-contract.ts).
 */
import { Validator } from "@seriousme/openapi-schema-validator";
import { beforeAll, describe, expect, it } from "vitest";
import { ERRORS } from "@/lib/errors";
import { errorsOf } from "@/lib/openapi/endpoint";
import { OPERATIONS } from "@/lib/openapi/operations";
import { REQUEST_EXAMPLES } from "@/lib/openapi/request-examples";
import { config } from "@/lib/config";
import { WEBHOOK_EVENTS } from "@/lib/webhooks/events";
import { callJson } from "../support/app";

describe("GET /v1/openapi.json", () => {
  // Fetched once, in a hook: the first in-process call loads the route and the app's context,
  // which on a busy machine takes longer than a test's own time limit.
  const fetchDocument = () => callJson("GET", "/v1/openapi.json");
  let served: Awaited<ReturnType<typeof fetchDocument>>;
  beforeAll(async () => {
    served = await fetchDocument();
  });

  it("is a valid OpenAPI 3.1 document", async () => {
    const { status, headers, body } = served;
    expect(status).toBe(200);
    expect(headers.get("access-control-allow-origin")).toBe("*");
    const result = await new Validator().validate(body);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(body.openapi).toBe("3.1.0");
  });

  it("describes the request bodies with the routes' own rules", () => {
    const { body } = served;
    const create = body.paths["/v1/sessions"].post;
    const schema = create.requestBody.content["application/json"].schema;
    expect(schema.additionalProperties).toBe(false);
    expect(schema.properties.allowed_origins.maxItems).toBe(50);
    expect(create.parameters.map((p: { name: string }) => p.name)).toContain("Idempotency-Key");
    expect(Object.keys(create.responses)).toEqual(expect.arrayContaining(["201", "400", "401", "402", "403", "409", "429", "503"]));
    expect(body.webhooks["scan.completed"].post.requestBody.content["application/json"].schema).toBeDefined();
  });

  it("names this instance in servers, lists every webhook event, and shows a request example on every operation with a JSON body", () => {
    const { body } = served;
    expect(body.servers).toEqual([{ url: config().publicBaseUrl, description: "This instance" }]);
    expect(Object.keys(body.webhooks)).toEqual([...WEBHOOK_EVENTS]);
    const withBody = OPERATIONS.filter((op) => op.body || op.rawBodies?.["application/json"]);
    expect(withBody.length).toBeGreaterThan(15);
    for (const op of withBody) {
      const media = body.paths[op.path][op.method.toLowerCase()].requestBody.content["application/json"];
      expect(media.example, op.key).toEqual(REQUEST_EXAMPLES[op.key]);
      const schema = op.body ?? op.rawBodies!["application/json"];
      expect(schema.safeParse(media.example).error, op.key).toBeUndefined();
    }
  });

  it("lists sessions with its filters, the cursor and a whole example answer", () => {
    const list = served.body.paths["/v1/sessions"].get;
    expect(list.parameters.map((p: { name: string }) => p.name).sort()).toEqual(["cursor", "from", "limit", "mode", "q", "source", "status", "to"]);
    expect(list.responses["200"].content["application/json"].example.next_cursor).toEqual(expect.any(String));
  });
});

describe("example answers", () => {
  it("each matches its operation's response schema", () => {
    const withExamples = OPERATIONS.flatMap((op) => Object.values(op.responses).filter((r) => r.example !== undefined && r.schema));
    expect(withExamples.length).toBeGreaterThan(0);
    for (const r of withExamples) expect(r.schema!.safeParse(r.example).error).toBeUndefined();
  });
});

describe("the reference and the routes", () => {
  const documented = OPERATIONS.map((op) => op.key);

  it("lists each operation once", () => {
    expect(new Set(documented).size).toBe(documented.length);
  });

  it("gives every error code at least one operation", () => {
    const used = new Set(OPERATIONS.flatMap(errorsOf));
    expect(Object.keys(ERRORS).filter((code) => !used.has(code as keyof typeof ERRORS) && code !== "method_not_allowed")).toEqual([]);
  });
});
