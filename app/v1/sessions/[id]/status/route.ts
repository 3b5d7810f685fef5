import { json, methods, route } from "@/lib/http";
import { getStatus } from "@/lib/sessions";
import { corsPreflight } from "@/lib/http/cors";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route({ cors: true, noReferrer: true }, async ({ req, params, ctx }) => {
    const token = new URL(req.url).searchParams.get("t");
    return json(200, await getStatus({ ctx, sessionId: params.id, token }));
  }),
});
export const OPTIONS = corsPreflight("GET");
