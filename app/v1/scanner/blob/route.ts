import { methods, route } from "@/lib/http";
import { SCANNER } from "@/lib/openapi/endpoints/scanner";
import { storeBlob } from "@/lib/sessions";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  PUT: route(SCANNER["PUT /v1/scanner/blob"], async ({ req, ctx }) => {
    const query = new URL(req.url).searchParams;
    await storeBlob({
      ctx,
      query: { key: query.get("key"), exp: query.get("exp"), sig: query.get("sig") },
      contentType: req.headers.get("content-type"),
      body: req.body,
    });
    return new Response(null, { status: 204, headers: { "Cache-Control": "no-store" } });
  }),
});
