import { authenticateConsole } from "../accounts/authenticate-console";
import type { Ctx } from "../context";
import { safeEqual } from "../crypto";
import { ApiError } from "../errors";
import { authenticateApiKey, authenticateSecretKey } from "../keys/authenticate-key";

/** Who may call a route: an endpoint declaration's `auth` (lib/openapi/endpoint.ts) names one of these, or a credential its handler checks. */
export const GUARDS = {
  none: async () => ({ kind: "none" as const }),
  apiKey: (req: Request, ctx: Ctx) => authenticateApiKey(req, ctx),
  secretKey: (req: Request, ctx: Ctx) => authenticateSecretKey(req, ctx),
  console: (req: Request, ctx: Ctx) => authenticateConsole(req, ctx),
  cron: async (req: Request, ctx: Ctx) => authenticateCron(req, ctx.config.cronSecret),
};

export type GuardName = keyof typeof GUARDS;
export type Principal<G extends GuardName> = Awaited<ReturnType<(typeof GUARDS)[G]>>;

/** The operator secret, compared in constant time; with no secret configured nobody passes. */
function authenticateCron(req: Request, secret: string | undefined): { kind: "cron" } {
  const given = /^Bearer (.+)$/.exec(req.headers.get("authorization") ?? "")?.[1];
  if (!secret || !given || !safeEqual(given, secret)) throw new ApiError("unauthorized", { message: "Send the operator secret as `Authorization: Bearer <CRON_SECRET>`." });
  return { kind: "cron" };
}
