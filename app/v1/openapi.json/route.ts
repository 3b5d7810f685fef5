import { json, methods, route } from "@/lib/http";
import { openApiDocument } from "@/lib/openapi/document";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  // Public, like the reference page; CORS-open so API tools can load it from their own origin.
  GET: route({}, async () => json(200, openApiDocument(), { "Access-Control-Allow-Origin": "*", "Cache-Control": "public, max-age=300" })),
});
