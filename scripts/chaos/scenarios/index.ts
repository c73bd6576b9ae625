// The scenarios in the order a full run takes them: Redis faults, Postgres faults, SMTP, then
// the ones that may take the server down (SIGTERM, huge bodies) with restarts in between.
import type { Scenario } from "../scenario";
import { bodyBomb } from "./body-bomb";
import { malformed } from "./malformed";
import { postgresFrozen } from "./postgres-frozen";
import { postgresStopped } from "./postgres-stopped";
import { redisFlushed } from "./redis-flushed";
import { redisFrozen } from "./redis-frozen";
import { redisKilled } from "./redis-killed";
import { sigtermUnderLoad } from "./sigterm-under-load";
import { smtpDown } from "./smtp-down";

export const SCENARIOS: Scenario[] = [
  redisKilled,
  redisFlushed,
  redisFrozen,
  postgresStopped,
  postgresFrozen,
  smtpDown,
  sigtermUnderLoad,
  bodyBomb,
  malformed,
];
