import { json, methods, route } from "@/lib/http";
import { failSession, FailInput } from "@/lib/sessions";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: route({ body: FailInput }, async ({ body, ctx }) => json(200, await failSession({ ctx, input: body }))),
});
