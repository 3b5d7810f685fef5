import { json, methods, route } from "@/lib/http";
import { openForScanner } from "@/lib/sessions";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route({ noReferrer: true }, async ({ req, ctx }) => {
    const query = new URL(req.url).searchParams;
    return json(200, await openForScanner({ ctx, token: query.get("t"), code: query.get("c") }));
  }),
});
