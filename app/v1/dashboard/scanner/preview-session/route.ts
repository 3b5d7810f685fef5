import { json, methods, route } from "@/lib/http";
import { createPreviewSession, PreviewSessionInput } from "@/lib/sessions";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: route({ auth: "console", body: PreviewSessionInput }, async ({ auth, body, ctx }) =>
    json(201, await createPreviewSession({ ctx, tenantId: auth.tenantId, input: body })),
  ),
});
