import { json, methods, route } from "@/lib/http";
import { getStatus } from "@/lib/sessions";
import { corsPreflight, withCors } from "@/lib/sessions/cors";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: withCors(
    route({}, async ({ req, params, ctx }) => {
      const token = new URL(req.url).searchParams.get("t");
      const view = await getStatus({ services: ctx.services, sessionId: params.id, token, now: ctx.now });
      return json(200, view, { "Referrer-Policy": "no-referrer" });
    }),
  ),
});
export const OPTIONS = corsPreflight("GET");
