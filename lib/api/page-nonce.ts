// The CSP nonce of the page being rendered, read back from the policy proxy.ts put on the
// request, for pages that load a script of their own (the API reference's renderer).

/** The nonce in a Content-Security-Policy's script-src, or undefined when there is none. */
export function nonceOf(csp: string | null | undefined): string | undefined {
  return /'nonce-([A-Za-z0-9+/=_-]+)'/.exec(csp ?? "")?.[1];
}
