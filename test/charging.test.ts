// What is charged, with quotas on Redis (the normal path).

import { chargingSpec } from "./support/charging-spec";
import { catalogAndClient } from "./support/fixtures";

const client = catalogAndClient();
chargingSpec(() => client);
