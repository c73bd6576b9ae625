// Whether deliveries may reach private addresses: never in production unless the operator says
// so, and by default while developing or testing (a receiver on localhost).
import { env } from "../core/env";

export function allowPrivateTargets(): boolean {
  const { WEBHOOKS_ALLOW_PRIVATE: set, NODE_ENV } = env();
  if (set !== undefined) return set === "true" || set === "1";
  return NODE_ENV !== "production";
}
