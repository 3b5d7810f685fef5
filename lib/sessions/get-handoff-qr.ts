import { renderQrSvg } from "../qr/render-qr-svg";
import type { Services } from "../services";
import { signHandoffCode } from "../tokens";
import { sessionForToken } from "./internal";

/**
 * `GET /v1/sessions/:id/qr?t=`: an SVG QR code of `{scan_url_base}?c=<hand-off code>`, the
 * short code keeping the symbol coarse enough for a phone camera. Same checks as the status read.
 */
export async function getHandoffQr({ services, sessionId, token, now }: { services: Services; sessionId: string; token: string | null; now: Date }) {
  const session = await sessionForToken(services, token, now, 401, sessionId);
  const code = signHandoffCode(services.config, session.id);
  return renderQrSvg(`${services.config.scanUrlBase}?c=${encodeURIComponent(code)}`);
}
