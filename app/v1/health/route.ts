import { json, methods, route } from "@/lib/http";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route({}, async () => json(200, { service: "docscan", status: "ok", version: 1 })),
});
