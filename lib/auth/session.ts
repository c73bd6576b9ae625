// The signed-in user. Sessions are database sessions: the cookie holds the session token and
// the sessions table says whose it is and until when, the same lookup next-auth makes. Reading
// it here works from any Request (route handlers, tests) and from pages.
import { db } from "../core/db";
import { env } from "../core/env";
import { hasUnsafeCharacter } from "../core/query-params";

export type SessionUser = { id: string; email: string; tier: "free" | "builder" | "pro" };

// next-auth v4 names the cookie by protocol; only that one name is read, so a plain-named
// cookie planted on an https site (cookie tossing) is ignored.
export const sessionCookieName = () =>
  env().APP_URL.startsWith("https:") ? "__Secure-next-auth.session-token" : "next-auth.session-token";

export function sessionTokenFromCookies(get: (name: string) => string | undefined): string | undefined {
  return get(sessionCookieName());
}

function parseCookieHeader(header: string | null): Map<string, string> {
  const out = new Map<string, string>();
  for (const part of (header ?? "").split(";")) {
    const i = part.indexOf("=");
    if (i <= 0) continue;
    try {
      out.set(part.slice(0, i).trim(), decodeURIComponent(part.slice(i + 1).trim()));
    } catch {
      // A malformed cookie is no session, not an error.
    }
  }
  return out;
}

export async function userForSessionToken(token: string | undefined): Promise<SessionUser | null> {
  // A token we issued is URL-safe text; one with a NUL would fail the lookup itself.
  if (!token || token.length > 200 || hasUnsafeCharacter(token)) return null;
  const session = await db().session.findUnique({
    where: { sessionToken: token },
    select: { expires: true, user: { select: { id: true, email: true, tier: true } } },
  });
  if (!session || session.expires <= new Date() || !session.user.email) return null;
  return { id: session.user.id, email: session.user.email, tier: session.user.tier };
}

/** From a route handler's Request, or (no argument) from the page's cookies. */
export async function currentUser(req?: Request): Promise<SessionUser | null> {
  if (req) {
    const cookies = parseCookieHeader(req.headers.get("cookie"));
    return userForSessionToken(sessionTokenFromCookies((n) => cookies.get(n)));
  }
  const { cookies } = await import("next/headers");
  const jar = await cookies();
  return userForSessionToken(sessionTokenFromCookies((n) => jar.get(n)?.value));
}
