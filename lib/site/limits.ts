// The site limits, per address, on the site's keyless reads: /api/jobs* and the pages that run
// the same queries (/jobs, /jobs/{id}, /salary), so the pages are no keyless way around them. Two
// windows: a minute (bursts) and a UTC day (volume), both in Redis so every instance counts the
// same requests, and in per-process memory while Redis is away.
import { env } from "../core/env";
import { TIERS } from "../core/plans";
import { createLimiter, type LimitResult } from "../core/ratelimit";
import { type Failure, fail } from "../core/result";
import { clientIp } from "../net/client-ip";

/**
 * Requests per address per UTC day, pages and /api/jobs* together (SITE_DAILY_LIMIT, 1,000 by
 * default). A person browsing reads a few dozen pages a day; a crawler of the pages is still
 * served this many. It is a tenth of what the cheapest paid plan buys, so the site is no
 * substitute for a key.
 */
export const siteDailyLimit = () => env().SITE_DAILY_LIMIT;

let minute: ReturnType<typeof createLimiter> | undefined;
let day: ReturnType<typeof createLimiter> | undefined;
export const siteLimiter = () =>
  (minute ??= createLimiter("site", env().SITE_RATE_LIMIT_PER_MIN, { seconds: 60 }));
const siteDailyLimiter = () => (day ??= createLimiter("site-day", siteDailyLimit(), "day"));

export type SiteSpend =
  | { ok: true; minute: LimitResult; day: LimitResult }
  | { ok: false; refusedBy: "minute" | "day"; limit: LimitResult; day: LimitResult };

/**
 * Counts one request of `address` against the site limits. The day is counted first, and
 * counts every request that reaches it, refused for speed or not: going too fast brings the
 * day's end closer. A request refused for the day counts nothing against the minute.
 */
export async function spendSiteLimit(address: string): Promise<SiteSpend> {
  const d = await siteDailyLimiter()(address);
  if (!d.ok) return { ok: false, refusedBy: "day", limit: d, day: d };
  const m = await siteLimiter()(address);
  if (!m.ok) return { ok: false, refusedBy: "minute", limit: m, day: d };
  return { ok: true, minute: m, day: d };
}

const number = (n: number) => n.toLocaleString("en-US");

/** Where to go instead, in every refusal: a key for the API, and what the plans give. */
export function freeTierPointer(): string {
  const { free, builder } = TIERS;
  return `For your own use, get a free API key at ${env().APP_URL}/studio (${number(free.daily)} requests a day on /v1; the ${builder.name} plan gives ${number(builder.daily)}) and see ${env().APP_URL}/docs.`;
}

/** What a refused caller is told, by the window that refused it. */
export function siteRefusalMessage(refusedBy: "minute" | "day", subject: "requests" | "searches"): string {
  return refusedBy === "day"
    ? `This address has reached the site's limit of ${number(siteDailyLimit())} ${subject} a day; it resets at 00:00 UTC. ${freeTierPointer()}`
    : `Too many ${subject} from your address; wait a minute. ${freeTierPointer()}`;
}

/** A refusal as the pages show it (they cannot answer 429): null when there was room. */
export async function spendPageLimitOf(address: string): Promise<Failure<"rate_limited"> | null> {
  const r = await spendSiteLimit(address);
  if (r.ok) return null;
  const wait = Math.max(1, Math.ceil((r.limit.reset.getTime() - Date.now()) / 1000));
  return fail("rate_limited", siteRefusalMessage(r.refusedBy, "searches"), { retryAfterSeconds: wait });
}

/** Pages cannot answer 429, so a refusal comes back as a failure the page shows. */
export async function spendPageLimit(): Promise<Failure<"rate_limited"> | null> {
  const { headers } = await import("next/headers");
  return spendPageLimitOf(clientIp(new Request("http://page.invalid/", { headers: await headers() })));
}
