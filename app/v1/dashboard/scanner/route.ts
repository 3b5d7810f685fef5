import { z } from "zod";
import { json, methods, route } from "@/lib/http";
import { getScannerOverview, updateDefaultSettings } from "@/lib/profiles";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route({ auth: "console" }, async ({ auth, ctx }) => json(200, await getScannerOverview({ ctx, tenantId: auth.tenantId }))),
  // The body is the patch itself; applyScannerPatch validates it with every problem by path.
  PUT: route({ auth: "console", body: z.unknown() }, async ({ auth, body, ctx }) =>
    json(200, await updateDefaultSettings({ ctx, tenantId: auth.tenantId, patch: body })),
  ),
});
