// The scenarios in the order a full run takes them: Redis faults, Postgres faults, SMTP, SIGTERM
// (on a fresh server), malformed requests, and huge bodies last (on a fresh server too), so the
// memory they may leave behind is no other scenario's peak.
import type { Scenario } from "../scenario";
import { bodyBomb } from "./body-bomb";
import { malformed } from "./malformed";
import { postgresFrozen } from "./postgres-frozen";
import { postgresStopped } from "./postgres-stopped";
import { redisFlushed } from "./redis-flushed";
import { redisFrozen } from "./redis-frozen";
import { redisKilled } from "./redis-killed";
import { redisLateReplies } from "./redis-late-replies";
import { sigtermUnderLoad } from "./sigterm-under-load";
import { smtpDown } from "./smtp-down";

export const SCENARIOS: Scenario[] = [
  redisKilled,
  redisFlushed,
  redisFrozen,
  redisLateReplies,
  postgresStopped,
  postgresFrozen,
  smtpDown,
  sigtermUnderLoad,
  malformed,
  bodyBomb,
];
