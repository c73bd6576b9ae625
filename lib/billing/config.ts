// Whether self-serve plans are on, and which Stripe price pays for which tier. Off unless the
// secret key, the webhook secret and both prices are set: then the Studio sells the plans;
// otherwise it says how to get one, and the operator CLI stays the way to change a plan.
import { env } from "../core/env";
import type { Tier } from "../core/plans";

export type PaidTier = Exclude<Tier, "free">;

export type BillingConfig = {
  secretKey: string;
  webhookSecret: string;
  prices: Record<PaidTier, string>;
  /** Another API origin (a local stand-in in tests); undefined: Stripe's. */
  apiUrl?: string;
};

export function billingConfig(): BillingConfig | null {
  const e = env();
  if (!e.STRIPE_SECRET_KEY || !e.STRIPE_WEBHOOK_SECRET || !e.STRIPE_PRICE_BUILDER || !e.STRIPE_PRICE_PRO)
    return null;
  return {
    secretKey: e.STRIPE_SECRET_KEY,
    webhookSecret: e.STRIPE_WEBHOOK_SECRET,
    prices: { builder: e.STRIPE_PRICE_BUILDER, pro: e.STRIPE_PRICE_PRO },
    apiUrl: e.STRIPE_API_URL,
  };
}

/** The tier a price pays for; null for a price this service does not sell. */
export function tierOfPrice(config: BillingConfig, priceId: string | null | undefined): PaidTier | null {
  if (priceId === config.prices.builder) return "builder";
  if (priceId === config.prices.pro) return "pro";
  return null;
}

const RANK: Record<Tier, number> = { free: 0, builder: 1, pro: 2 };
/** An upgrade takes effect at once; a downgrade at the end of the paid period. */
export const isUpgrade = (from: Tier, to: Tier) => RANK[to] > RANK[from];
