import { z } from "zod";
import { json, methods, route } from "@/lib/http";
import { deleteProfile, updateProfile } from "@/lib/profiles";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  PUT: route({ auth: "console", body: z.unknown() }, async ({ auth, body, params, ctx }) =>
    json(200, await updateProfile({ ctx, tenantId: auth.tenantId, profileId: params.id, body })),
  ),
  DELETE: route({ auth: "console" }, async ({ auth, params, ctx }) =>
    json(200, await deleteProfile({ ctx, tenantId: auth.tenantId, profileId: params.id })),
  ),
});
