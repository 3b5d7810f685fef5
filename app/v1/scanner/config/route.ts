import { methods, route } from "@/lib/http";
import { SCANNER } from "@/lib/openapi/endpoints/scanner";
import { openForScanner } from "@/lib/sessions";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route(SCANNER["GET /v1/scanner/config"], async ({ req, ctx, reply }) => {
    const query = new URL(req.url).searchParams;
    return reply(200, await openForScanner({ ctx, token: query.get("t"), code: query.get("c") }));
  }),
});
