import { updateSettings } from "@/lib/accounts";
import { methods, route } from "@/lib/http";
import { ACCOUNT } from "@/lib/openapi/endpoints/account";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  PUT: route(ACCOUNT["PUT /v1/dashboard/settings"], async ({ auth, body, ctx, reply }) => reply(200, await updateSettings({ ctx, who: auth, input: body }))),
});
