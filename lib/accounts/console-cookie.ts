/** The console session cookie (DESIGN.md: 7 days, server-side, httpOnly, SameSite=Lax). */
export const CONSOLE_COOKIE = "sc_session";
export const CONSOLE_SESSION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/** `Set-Cookie` for a new console session; `Secure` when the service is served over https. */
export function consoleCookie(value: string, secure: boolean): string {
  const maxAge = Math.floor(CONSOLE_SESSION_TTL_MS / 1000);
  return `${CONSOLE_COOKIE}=${value}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${maxAge}${secure ? "; Secure" : ""}`;
}

/** `Set-Cookie` that removes the console cookie. */
export function clearedConsoleCookie(secure: boolean): string {
  return `${CONSOLE_COOKIE}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0${secure ? "; Secure" : ""}`;
}

/** The console cookie's value in a request, or null. */
export function readConsoleCookie(req: Request): string | null {
  const header = req.headers.get("cookie");
  if (!header) return null;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq > 0 && part.slice(0, eq).trim() === CONSOLE_COOKIE) return part.slice(eq + 1).trim() || null;
  }
  return null;
}

/** `Secure` cookies when the console is served over https (directly or behind a TLS proxy). */
export function servedOverHttps(req: Request, publicOrigin: string): boolean {
  return (
    publicOrigin.startsWith("https:") ||
    new URL(req.url).protocol === "https:" ||
    req.headers.get("x-forwarded-proto")?.split(",")[0]?.trim() === "https"
  );
}
