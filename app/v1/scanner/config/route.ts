import { json, methods, route } from "@/lib/http";
import { openForScanner } from "@/lib/sessions";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route({}, async ({ req, ctx }) => {
    const query = new URL(req.url).searchParams;
    const config = await openForScanner({ services: ctx.services, token: query.get("t"), code: query.get("c"), now: ctx.now });
    return json(200, config, { "Referrer-Policy": "no-referrer" });
  }),
});
