import { clearedConsoleCookie, logout, readConsoleCookie, servedOverHttps } from "@/lib/accounts";
import { json, methods, route } from "@/lib/http";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: route({ sameOrigin: true }, async ({ req, ctx }) => {
    await logout({ ctx, cookie: readConsoleCookie(req) });
    return json(200, { status: "ok" }, { "Set-Cookie": clearedConsoleCookie(servedOverHttps(req, ctx.config.publicOrigin)) });
  }),
});
