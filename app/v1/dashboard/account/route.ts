import { clearedConsoleCookie, deleteAccount, DeleteAccountInput, servedOverHttps } from "@/lib/accounts";
import { json, methods, route } from "@/lib/http";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  DELETE: route({ auth: "console", body: DeleteAccountInput }, async ({ req, auth, body, ctx }) =>
    json(200, await deleteAccount({ ctx, who: auth, input: body }), { "Set-Cookie": clearedConsoleCookie(servedOverHttps(req, ctx.config.publicOrigin)) }),
  ),
});
