import { methods, route } from "@/lib/http";
import { SESSIONS } from "@/lib/openapi/endpoints/sessions";
import { getHandoffQr } from "@/lib/sessions";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route(SESSIONS["GET /v1/sessions/{id}/qr"], async ({ req, params, ctx }) => {
    const token = new URL(req.url).searchParams.get("t");
    const svg = await getHandoffQr({ ctx, sessionId: params.id, token });
    return new Response(svg, {
      status: 200,
      headers: { "Content-Type": "image/svg+xml", "Cache-Control": "private, no-store", "X-Content-Type-Options": "nosniff" },
    });
  }),
});
