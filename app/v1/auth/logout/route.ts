import { clearedConsoleCookie, logout, readConsoleCookie, servedOverHttps } from "@/lib/accounts";
import { methods, route } from "@/lib/http";
import { ACCOUNT } from "@/lib/openapi/endpoints/account";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: route(ACCOUNT["POST /v1/auth/logout"], async ({ req, ctx, reply }) => {
    await logout({ ctx, cookie: readConsoleCookie(req) });
    return reply(200, { status: "ok" }, { "Set-Cookie": clearedConsoleCookie(servedOverHttps(req, ctx.config.publicOrigin)) });
  }),
});
