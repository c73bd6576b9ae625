// What is charged, with quotas on Redis (the normal path).
import { catalogAndClient } from "./fixtures";
import { chargingSpec } from "./support/charging-spec";

const client = catalogAndClient();
chargingSpec(() => client);
