import { getAccount } from "@/lib/accounts";
import { json, methods, route } from "@/lib/http";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route({ auth: "console" }, async ({ auth, ctx }) => json(200, await getAccount({ ctx, who: auth }))),
});
