// Self-serve plans through Stripe, with quotas on Redis (see support/billing-spec.ts).
import { billingSpec } from "./support/billing-spec";

billingSpec();
