import { methods, route } from "@/lib/http";
import { SCANNER } from "@/lib/openapi/endpoints/scanner";
import { uploadDocument } from "@/lib/sessions";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: route(SCANNER["POST /v1/scanner/upload"], async ({ req, ctx, reply }) => reply(200, await uploadDocument({ ctx, req }))),
});
