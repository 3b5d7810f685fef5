import { readFile } from "@/lib/files";
import { methods, route } from "@/lib/http";
import { SCANNER } from "@/lib/openapi/endpoints/scanner";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route(SCANNER["GET /v1/files/{id}"], async ({ req, params, ctx }) => {
    const query = new URL(req.url).searchParams;
    const file = await readFile({ ctx, fileId: params.id, exp: query.get("exp"), sig: query.get("sig") });
    if (file.kind === "redirect") return new Response(null, { status: 302, headers: { Location: file.url, "Cache-Control": "no-store" } });
    return new Response(file.body, {
      status: 200,
      headers: {
        "Content-Type": file.contentType,
        "Content-Length": String(file.size),
        "Content-Disposition": `inline; filename="${params.id}.pdf"`,
        "Cache-Control": "private, no-store",
        "X-Content-Type-Options": "nosniff",
        "Referrer-Policy": "no-referrer",
      },
    });
  }),
});
