import { json, methods, route } from "@/lib/http";
import { uploadDocument } from "@/lib/sessions";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: route({}, async ({ req, ctx }) => json(200, await uploadDocument({ ctx, req }))),
});
