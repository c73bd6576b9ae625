// Plans and their limits: the one place they are set. Paid tiers have the same daily and
// monthly quota: a paid plan's day may use its whole month, the free plan's month is ten days.
export const TIERS = {
  free: { name: "Free", priceUsd: 0, daily: 50, monthly: 500 },
  builder: { name: "Builder", priceUsd: 29, daily: 10_000, monthly: 10_000 },
  pro: { name: "Pro", priceUsd: 79, daily: 50_000, monthly: 50_000 },
} as const;

export type Tier = keyof typeof TIERS;
export const TIER_NAMES = Object.keys(TIERS) as Tier[];
