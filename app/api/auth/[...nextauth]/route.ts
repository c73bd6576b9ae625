// /api/auth/* — next-auth; requests for magic links are rate limited per IP and per address.
import NextAuth from "next-auth";
import { ApiError } from "@/lib/api/errors";
import { handle } from "@/lib/api/handle";
import { refusedSignIn } from "@/lib/auth/limits";
import { authOptions } from "@/lib/auth/options";
import { retryAfterSeconds } from "@/lib/ratelimit";

type Ctx = { params: Promise<{ nextauth: string[] }> };

const nextAuth = (req: Request, ctx: Ctx) => NextAuth(authOptions())(req, ctx);

export const GET = nextAuth;

export async function POST(req: Request, ctx: Ctx) {
  if (!new URL(req.url).pathname.endsWith("/signin/email")) return nextAuth(req, ctx);
  const refused = await refusedSignIn(req);
  if (!refused) return nextAuth(req, ctx);
  return handle(req, undefined, async () => {
    throw new ApiError("rate_limited", "Too many sign-in e-mails requested; wait a few minutes and try again.", { headers: { "Retry-After": retryAfterSeconds(refused) } });
  });
}
