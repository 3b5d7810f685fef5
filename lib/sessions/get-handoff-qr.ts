import type { Ctx } from "../context";
import { renderQrSvg } from "../qr/render-qr-svg";
import { signHandoffCode } from "../tokens";
import { sessionForToken } from "./internal";

/**
 * `GET /v1/sessions/:id/qr?t=`: an SVG QR code of `{scan_url_base}?c=<hand-off code>`, the
 * short code keeping the symbol coarse enough for a phone camera. Same checks as the status read.
 */
export async function getHandoffQr({ ctx, sessionId, token }: { ctx: Ctx; sessionId: string; token: string | null }) {
  const { now } = ctx;
  const session = await sessionForToken(ctx, token, now, 401, sessionId);
  const code = signHandoffCode(ctx.config, session.id);
  return renderQrSvg(`${ctx.config.scanUrlBase}?c=${encodeURIComponent(code)}`);
}
