// /api/auth/* — next-auth, run from the Request itself (lib/api/next-auth.ts), with every
// callbackUrl checked before next-auth parses it. Requests for magic links are checked here
// first: one plain mailbox (lib/mail/mailbox.ts), and limits per client address and per inbox
// (lib/auth/limits.ts), so a refusal can say what is wrong or how long to wait; the e-mail
// provider counts against the inbox's limit when it sends.
import { withCappedBody } from "@/lib/api/capped-request";
import { apiRefusals } from "@/lib/api/methods";
import { bodyFields, runNextAuth } from "@/lib/api/next-auth";
import { signInRefusal } from "@/lib/auth/limits";
import { authOptions } from "@/lib/auth/options";
import { env } from "@/lib/core/env";
import { log } from "@/lib/core/log";

type Ctx = { params: Promise<{ nextauth: string[] }> };

// The other methods: a JSON 405 naming what is served, as on every other /api route.
export const { PUT, PATCH, DELETE, OPTIONS } = apiRefusals(["GET", "POST"]);

export async function GET(req: Request, ctx: Ctx) {
  return runNextAuth(req, (await ctx.params).nextauth ?? [], authOptions());
}

export async function POST(original: Request, ctx: Ctx) {
  const req = await withCappedBody(original);
  if (req instanceof Response) return req;
  const segments = (await ctx.params).nextauth ?? [];
  const body = await bodyFields(req);
  if (segments[0] !== "signin" || segments[1] !== "email")
    return runNextAuth(req, segments, authOptions(), body);
  const refusal = await signInRefusal(req, body.email ?? null);
  if (!refusal) return runNextAuth(req, segments, authOptions(), body);
  // An expected refusal: one line, no stack trace, and never the address itself.
  log.info("sign-in e-mail refused", { code: refusal.code, retry_after: refusal.retryAfterSeconds });
  const limited = refusal.code === "rate_limited";
  // next-auth's client reads `url` from the body: give it one it understands.
  return Response.json(
    {
      url: `${env().APP_URL}/signin?error=${limited ? "RateLimited" : "EmailSignin"}`,
      error: {
        code: refusal.code,
        message: refusal.message,
        ...(refusal.param && { param: refusal.param }),
        ...(refusal.retryAfterSeconds && { retry_after_seconds: refusal.retryAfterSeconds }),
      },
    },
    {
      status: limited ? 429 : 400,
      headers: limited ? { "Retry-After": String(refusal.retryAfterSeconds) } : {},
    },
  );
}
