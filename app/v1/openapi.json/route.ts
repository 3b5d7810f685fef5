import { json, methods, route } from "@/lib/http";
import { config } from "@/lib/config";
import { servedOpenApiDocument } from "@/lib/openapi/document";
import { OPS } from "@/lib/openapi/endpoints/ops";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  // Public, like the reference page; CORS-open so API tools can load it from their own origin.
  GET: route(OPS["GET /v1/openapi.json"], async () => json(200, servedOpenApiDocument(config().publicBaseUrl), { "Access-Control-Allow-Origin": "*", "Cache-Control": "public, max-age=300" })),
});
