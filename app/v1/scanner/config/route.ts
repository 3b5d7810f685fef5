import { json, methods, route } from "@/lib/http";
import { openForScanner } from "@/lib/sessions";
import { withNoReferrer } from "@/lib/http/cors";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: withNoReferrer(
    route({}, async ({ req, ctx }) => {
      const query = new URL(req.url).searchParams;
      return json(200, await openForScanner({ ctx, token: query.get("t"), code: query.get("c") }));
    }),
  ),
});
