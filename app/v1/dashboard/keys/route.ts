import { json, methods, route } from "@/lib/http";
import { createKey, CreateKeyInput, listKeys } from "@/lib/keys";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route({ auth: "console" }, async ({ auth, ctx }) => json(200, { keys: await listKeys({ ctx, tenantId: auth.tenantId }) })),
  POST: route({ auth: "console", body: CreateKeyInput }, async ({ auth, body, ctx }) =>
    json(201, await createKey({ ctx, tenantId: auth.tenantId, input: body })),
  ),
});
