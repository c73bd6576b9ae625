// Security headers. Static ones come from next.config.mjs for every response; the pages' CSP
// carries a per-request nonce, set by proxy.ts, which Next puts on its own script tags.

/** The pages' Content-Security-Policy: scripts only with this request's nonce, no framing. */
export function pageCsp(nonce: string, dev: boolean): string {
  return [
    "default-src 'self'",
    // 'strict-dynamic': scripts the nonced ones load are trusted too (Next's chunks); dev
    // mode's fast refresh needs eval.
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${dev ? " 'unsafe-eval'" : ""}`,
    // React writes style attributes into server-rendered HTML; no script can come from this.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    `connect-src 'self'${dev ? " ws:" : ""}`,
    "object-src 'none'",
    "base-uri 'self'",
    // Sign-in with GitHub posts a form that redirects there.
    "form-action 'self' https://github.com",
    "frame-ancestors 'none'",
  ].join("; ");
}

/** What every API response and every page shares (also in next.config.mjs). */
export const COMMON_SECURITY_HEADERS: Record<string, string> = {
  "X-Frame-Options": "DENY",
  "X-Content-Type-Options": "nosniff",
  "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=(), usb=()",
};

/** JSON is never a document to render or frame. */
export const API_CSP = "default-src 'none'; frame-ancestors 'none'";
