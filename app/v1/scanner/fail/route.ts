import { methods, route } from "@/lib/http";
import { SCANNER } from "@/lib/openapi/endpoints/scanner";
import { failSession } from "@/lib/sessions";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: route(SCANNER["POST /v1/scanner/fail"], async ({ body, ctx, reply }) => reply(200, await failSession({ ctx, input: body }))),
});
