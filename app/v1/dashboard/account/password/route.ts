import { changePassword, ChangePasswordInput } from "@/lib/accounts";
import { json, methods, route } from "@/lib/http";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: route({ auth: "console", body: ChangePasswordInput }, async ({ auth, body, ctx, clientAddress }) =>
    json(200, await changePassword({ ctx, who: auth, input: body, clientAddress })),
  ),
});
