// One per-address budget for the site's keyless reads: /api/jobs* and the pages that run the
// same queries (/jobs, /jobs/{id}, /salary), so the pages are no keyless way around it.
import { env } from "../env";
import { clientIp } from "../net/client-ip";
import { createLimiter } from "../ratelimit";
import { type Failure, fail } from "../result";

let limiter: ReturnType<typeof createLimiter> | undefined;
export const siteLimiter = () =>
  (limiter ??= createLimiter("site", env().SITE_RATE_LIMIT_PER_MIN, { seconds: 60 }));

/** Pages cannot answer 429, so a refusal comes back as a failure the page shows. */
export async function spendPageBudget(): Promise<Failure<"rate_limited"> | null> {
  const { headers } = await import("next/headers");
  const r = await siteLimiter()(clientIp(new Request("http://page.invalid/", { headers: await headers() })));
  if (r.ok) return null;
  return fail(
    "rate_limited",
    "Too many searches from your address; wait a minute. For more, get an API key in the Studio.",
  );
}

/** A page's searchParams as URLSearchParams (first value of each, empty ones dropped). */
export function toSearchParams(input: Record<string, string | string[] | undefined>): URLSearchParams {
  const out = new URLSearchParams();
  for (const [k, v] of Object.entries(input)) {
    const value = Array.isArray(v) ? v[0] : v;
    if (value !== undefined && value !== "") out.set(k, value);
  }
  return out;
}
