// /api/auth/* — next-auth; requests for magic links are limited per client address and per
// target address here, before next-auth runs, so a refusal can say how long to wait
// (lib/auth/limits.ts); the e-mail provider spends the address budget when it sends.
import NextAuth from "next-auth";
import { withCappedBody } from "@/lib/api/capped-request";
import { signInRefusal } from "@/lib/auth/limits";
import { authOptions } from "@/lib/auth/options";
import { env } from "@/lib/env";
import { log } from "@/lib/log";

type Ctx = { params: Promise<{ nextauth: string[] }> };

const nextAuth = (req: Request, ctx: Ctx) => NextAuth(authOptions())(req, ctx);

export const GET = nextAuth;

export async function POST(original: Request, ctx: Ctx) {
  const req = await withCappedBody(original);
  if (req instanceof Response) return req;
  if (!new URL(req.url).pathname.endsWith("/signin/email")) return nextAuth(req, ctx);
  const email = new URLSearchParams(await req.clone().text()).get("email");
  const refusal = await signInRefusal(req, email);
  if (!refusal) return nextAuth(req, ctx);
  // An expected refusal: one line, no stack trace, and never the address itself.
  log.info("sign-in e-mail refused", { code: refusal.code, retry_after: refusal.retryAfterSeconds });
  const limited = refusal.code === "rate_limited";
  // next-auth's client reads `url` from the body: give it one it understands.
  return Response.json(
    {
      url: `${env().APP_URL}/signin?error=${limited ? "RateLimited" : "EmailSignin"}`,
      error: { code: refusal.code, message: refusal.message, retry_after_seconds: refusal.retryAfterSeconds },
    },
    {
      status: limited ? 429 : 400,
      headers: limited ? { "Retry-After": String(refusal.retryAfterSeconds) } : {},
    },
  );
}
