// /api/auth/* — next-auth; requests for magic links are rate limited per client address here
// and per target address inside the e-mail provider (lib/auth/limits.ts).
import NextAuth from "next-auth";
import { withCappedBody } from "@/lib/api/capped-request";
import { refusedSignInFrom } from "@/lib/auth/limits";
import { authOptions } from "@/lib/auth/options";
import { env } from "@/lib/env";
import { retryAfterSeconds } from "@/lib/ratelimit";

type Ctx = { params: Promise<{ nextauth: string[] }> };

const nextAuth = (req: Request, ctx: Ctx) => NextAuth(authOptions())(req, ctx);

export const GET = nextAuth;

export async function POST(original: Request, ctx: Ctx) {
  const req = await withCappedBody(original);
  if (req instanceof Response) return req;
  if (!new URL(req.url).pathname.endsWith("/signin/email")) return nextAuth(req, ctx);
  const refused = await refusedSignInFrom(req);
  if (!refused) return nextAuth(req, ctx);
  // next-auth's client reads `url` from the body: give it one it understands, with a 429.
  return Response.json(
    {
      url: `${env().APP_URL}/signin?error=RateLimited`,
      error: { code: "rate_limited", message: "Too many sign-in e-mails requested; wait a few minutes." },
    },
    { status: 429, headers: { "Retry-After": retryAfterSeconds(refused) } },
  );
}
