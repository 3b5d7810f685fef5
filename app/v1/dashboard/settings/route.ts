import { updateSettings, UpdateSettingsInput } from "@/lib/accounts";
import { json, methods, route } from "@/lib/http";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  PUT: route({ auth: "console", body: UpdateSettingsInput }, async ({ auth, body, ctx }) =>
    json(200, await updateSettings({ ctx, who: auth, input: body })),
  ),
});
