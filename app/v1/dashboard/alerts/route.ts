import { BalanceAlertInput, getBalanceAlert, setBalanceAlert } from "@/lib/credits";
import { json, methods, route } from "@/lib/http";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route({ auth: "console" }, async ({ auth, ctx }) => json(200, await getBalanceAlert({ ctx, tenantId: auth.tenantId }))),
  PUT: route({ auth: "console", body: BalanceAlertInput }, async ({ auth, body, ctx }) => json(200, await setBalanceAlert({ ctx, tenantId: auth.tenantId, input: body }))),
});
