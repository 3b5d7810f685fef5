import { methods, route } from "@/lib/http";
import { OPS } from "@/lib/openapi/endpoints/ops";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route(OPS["GET /v1/health"], async ({ reply }) => reply(200, { service: "docscan", status: "ok", version: 1 })),
});
