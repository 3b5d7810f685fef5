import { json, JSON_BODY_LIMIT, methods, REPORT_TEXT_BYTES, route } from "@/lib/http";
import { completeUpload, CompleteInput } from "@/lib/sessions";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: route({ body: CompleteInput, bodyLimit: JSON_BODY_LIMIT + REPORT_TEXT_BYTES }, async ({ body, ctx }) => json(200, await completeUpload({ ctx, input: body }))),
});
