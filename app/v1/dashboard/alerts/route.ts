import { getBalanceAlert, setBalanceAlert } from "@/lib/credits";
import { methods, route } from "@/lib/http";
import { CONSOLE } from "@/lib/openapi/endpoints/console";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route(CONSOLE["GET /v1/dashboard/alerts"], async ({ auth, ctx, reply }) => reply(200, await getBalanceAlert({ ctx, tenantId: auth.tenantId }))),
  PUT: route(CONSOLE["PUT /v1/dashboard/alerts"], async ({ auth, body, ctx, reply }) => reply(200, await setBalanceAlert({ ctx, tenantId: auth.tenantId, input: body }))),
});
