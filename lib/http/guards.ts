import { authenticateConsole } from "../accounts/authenticate-console";
import { safeEqual } from "../crypto";
import { ApiError } from "../errors";
import { authenticateApiKey, authenticateSecretKey } from "../keys/authenticate-key";
import type { Services } from "../services";

/** Who may call a route; `route({ auth })` names one of these. */
export const GUARDS = {
  none: async () => ({ kind: "none" as const }),
  apiKey: (req: Request, s: Services) => authenticateApiKey(req, s.db),
  secretKey: (req: Request, s: Services) => authenticateSecretKey(req, s.db),
  console: (req: Request, s: Services) => authenticateConsole(req, s.db),
  cron: async (req: Request, s: Services) => authenticateCron(req, s.config.cronSecret),
};

export type GuardName = keyof typeof GUARDS;
export type Principal<G extends GuardName> = Awaited<ReturnType<(typeof GUARDS)[G]>>;

/** The operator secret, compared in constant time; with no secret configured nobody passes. */
function authenticateCron(req: Request, secret: string | undefined): { kind: "cron" } {
  const given = /^Bearer (.+)$/.exec(req.headers.get("authorization") ?? "")?.[1];
  if (!secret || !given || !safeEqual(given, secret)) throw new ApiError("unauthorized", { message: "Send the operator secret as `Authorization: Bearer <CRON_SECRET>`." });
  return { kind: "cron" };
}
