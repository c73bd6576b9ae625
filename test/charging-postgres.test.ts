// What is charged, with quotas on Postgres alone (no Redis configured).
process.env.REDIS_URL = "";

import { catalogAndClient } from "./fixtures";
import { chargingSpec } from "./support/charging-spec";

const client = catalogAndClient();
chargingSpec(() => client);
