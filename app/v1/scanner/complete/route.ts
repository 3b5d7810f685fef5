import { methods, route } from "@/lib/http";
import { SCANNER } from "@/lib/openapi/endpoints/scanner";
import { completeUpload } from "@/lib/sessions";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: route(SCANNER["POST /v1/scanner/complete"], async ({ body, ctx, reply }) => reply(200, await completeUpload({ ctx, input: body }))),
});
