import { methods, route, UNTRUSTED_BYTES_HEADERS } from "@/lib/http";
import { CONSOLE } from "@/lib/openapi/endpoints/console";
import { exportSessionsCsv } from "@/lib/sessions";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route(CONSOLE["GET /v1/dashboard/sessions/export"], async ({ auth, query, ctx }) => {
    const csv = await exportSessionsCsv({ ctx, tenantId: auth.tenantId, filters: query });
    const day = ctx.now.toISOString().slice(0, 10);
    return new Response(csv, {
      status: 200,
      // Metadata is the integrator's (or a browser's) input: never sniffed, never run as a page.
      headers: { "Content-Type": "text/csv; charset=utf-8", "Content-Disposition": `attachment; filename="sessions-${day}.csv"`, "Cache-Control": "private, no-store", ...UNTRUSTED_BYTES_HEADERS },
    });
  }),
});
