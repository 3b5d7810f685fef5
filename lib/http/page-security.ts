/**
 * Security headers for the console and the landing page: a nonce-based Content-Security-
 * Policy (Next puts the nonce on its own scripts when it finds it in the request's CSP), no
 * framing by any site, and no full URLs in Referer headers. The scanner keeps its own rules
 * (it must be framable by its session's origins: scan-framing.ts), so it is not covered here.
 */
export function pageContentSecurityPolicy(nonce: string, development: boolean): string {
  return [
    "default-src 'self'",
    // 'strict-dynamic' lets Next's nonce'd bootstrap load its chunks; nothing else runs.
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${development ? " 'unsafe-eval'" : ""}`,
    // React style attributes (chart positions, progress widths) need inline styles.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "connect-src 'self'",
    // The scanner preview on the Scanner page is our own /scan in an iframe.
    "frame-src 'self'",
    "frame-ancestors 'none'",
    "form-action 'self'",
    "base-uri 'none'",
    "object-src 'none'",
  ].join("; ");
}

export function pageSecurityHeaders(csp: string): Record<string, string> {
  return {
    "content-security-policy": csp,
    "x-frame-options": "DENY",
    "referrer-policy": "same-origin",
    "x-content-type-options": "nosniff",
    // The scanner preview (same origin) may use the camera; nothing else may.
    "permissions-policy": "camera=(self), microphone=(), geolocation=()",
  };
}

/** 128 random bits, base64: what a CSP nonce must be. */
export function newNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes));
}

/**
 * Headers for a response whose bytes came from a client (a page picture, the CSV export of
 * metadata): the browser takes the declared type as it is, and even opened on its own such a
 * response is a sandboxed document that loads and runs nothing.
 */
export const UNTRUSTED_BYTES_HEADERS: Readonly<Record<string, string>> = {
  "X-Content-Type-Options": "nosniff",
  "Content-Security-Policy": "default-src 'none'; sandbox",
};
