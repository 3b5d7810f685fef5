import { invalidRequest } from "@/lib/errors";
import { readSessionPage } from "@/lib/sessions";
import { methods, route, UNTRUSTED_BYTES_HEADERS } from "@/lib/http";
import { CONSOLE } from "@/lib/openapi/endpoints/console";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route(CONSOLE["GET /v1/dashboard/sessions/{id}/pages/{page}"], async ({ auth, params, ctx }) => {
    if (!/^[1-9]\d{0,5}$/.test(params.page)) throw invalidRequest({ page: "must be a page number from 1" });
    const image = await readSessionPage({ ctx, tenantId: auth.tenantId, sessionId: params.id, page: Number(params.page) });
    // Private and short: the picture is the tenant's document, and retention may end soon. Its
    // bytes are the uploader's: never sniffed as anything else, never a document that runs script.
    return new Response(Buffer.from(image.bytes), { status: 200, headers: { "Content-Type": image.contentType, "Cache-Control": "private, max-age=300", ...UNTRUSTED_BYTES_HEADERS } });
  }),
});
