// The request line's target in its other forms (RFC 9112 §3.2). Next only understands a path
// (origin-form): it redirects an absolute-form target to the URL it names, another site
// included, and answers `*` with a bare 500. This is an origin server, not a proxy: an
// absolute-form target is served as its path when it names the host the request is sent to
// (its Host header), and refused otherwise; `*` only means something to OPTIONS.
import { type Answer, jsonAnswer } from "./preflight";
import { API_CSP, COMMON_SECURITY_HEADERS } from "./security-headers";

/** The methods some route of this server serves (OPTIONS * names them). */
export const SERVER_METHODS = "GET, HEAD, POST, DELETE, OPTIONS";

const ABSOLUTE_FORM = /^(https?):\/\/([^/?#]*)([^#]*)/i;

/** The target as a path (origin-form), or the answer when there is none to serve. */
export function originForm(method: string, target: string, host: string | undefined): string | Answer {
  if (target.startsWith("/")) return target;
  if (target === "*") {
    if (method !== "OPTIONS")
      return jsonAnswer("bad_request", `The target * is only for OPTIONS, not ${method}.`);
    return {
      status: 204,
      headers: {
        ...COMMON_SECURITY_HEADERS,
        "Content-Security-Policy": API_CSP,
        Allow: SERVER_METHODS,
        "Cache-Control": "no-store",
      },
      body: "",
    };
  }
  const absolute = ABSOLUTE_FORM.exec(target);
  const authority = absolute?.[2]?.toLowerCase();
  if (!absolute || !authority || authority !== host?.toLowerCase()) {
    return jsonAnswer(
      "bad_request",
      "The request target must be a path (or a URL naming the host in the Host header).",
    );
  }
  const rest = absolute[3] ?? "";
  return rest.startsWith("/") ? rest : `/${rest}`;
}
