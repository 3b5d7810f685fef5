import { clearedConsoleCookie, endConsoleSession, readConsoleCookie, servedOverHttps } from "@/lib/accounts";
import { sha256Hex } from "@/lib/crypto";
import { json, methods, route } from "@/lib/http";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: route({ sameOrigin: true }, async ({ req, ctx }) => {
    const cookie = readConsoleCookie(req);
    if (cookie) await endConsoleSession(ctx.services.db, sha256Hex(cookie));
    return json(200, { status: "ok" }, { "Set-Cookie": clearedConsoleCookie(servedOverHttps(req, ctx.services.config.publicOrigin)) });
  }),
});
