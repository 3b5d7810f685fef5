import { z } from "zod";
import { json, methods, route } from "@/lib/http";
import { createProfile } from "@/lib/profiles";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  // Validated by createProfile, so name and scanner problems are reported together.
  POST: route({ auth: "console", body: z.unknown() }, async ({ auth, body, ctx }) =>
    json(201, { profile: await createProfile({ ctx, tenantId: auth.tenantId, body }) }),
  ),
});
