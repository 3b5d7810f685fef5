import { json, methods, route } from "@/lib/http";
import { completeUpload, CompleteInput } from "@/lib/sessions";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: route({ body: CompleteInput }, async ({ body, ctx }) => json(200, await completeUpload({ ctx, input: body }))),
});
