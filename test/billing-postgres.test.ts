// Self-serve plans through Stripe, with quotas on Postgres alone (no Redis configured).
process.env.REDIS_URL = "";

import { billingSpec } from "./support/billing-spec";

billingSpec();
