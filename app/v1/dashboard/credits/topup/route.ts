import { topUp, TopUpInput } from "@/lib/credits";
import { json, methods, route } from "@/lib/http";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: route({ auth: "console", body: TopUpInput, idempotent: "POST /v1/dashboard/credits/topup" }, async ({ auth, body, ctx }) =>
    json(201, await topUp({ ctx, tenantId: auth.tenantId, input: body })),
  ),
});
