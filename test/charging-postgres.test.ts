// What is charged, with quotas on Postgres alone (no Redis configured).
process.env.REDIS_URL = "";

import { chargingSpec } from "./support/charging-spec";
import { catalogAndClient } from "./support/fixtures";

const client = catalogAndClient();
chargingSpec(() => client);
