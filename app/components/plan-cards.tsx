// The plans side by side (stacked on a phone), from lib/core/plans.ts: the one place limits
// are set.

import { TIER_NAMES, TIERS, type Tier } from "@/lib/core/plans";
import { count } from "@/lib/site/format";

export function PlanCards({ current, headingLevel = 3 }: { current?: Tier; headingLevel?: 3 | 4 }) {
  const Heading = `h${headingLevel}` as const;
  return (
    <ul className="plans">
      {TIER_NAMES.map((t) => {
        const plan = TIERS[t];
        return (
          <li key={t} className={t === current ? "current" : undefined}>
            <Heading>
              {plan.name}
              {t === current && <span className="badge brand">Your plan</span>}
            </Heading>
            <p className="price">
              ${plan.priceUsd}
              <small>{plan.priceUsd ? " a month" : " for good, no card"}</small>
            </p>
            <dl>
              <dt>Requests a day</dt>
              <dd>{count(plan.daily)}</dd>
              <dt>Requests a month</dt>
              <dd>{count(plan.monthly)}</dd>
            </dl>
          </li>
        );
      })}
    </ul>
  );
}
