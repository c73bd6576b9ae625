// What this process knows about keys between requests: which records it has refreshed from
// Postgres since Redis was last seen failing, and which keys it has seen active.
import { redisGeneration } from "../redis/breaker";

/**
 * Keys whose Redis record this process has refreshed from Postgres since Redis was last seen
 * failing: a revocation or plan change published during an outage may not have reached Redis.
 */
const refreshed = { generation: -1, hashes: new Set<string>() };

export function isRefreshed(hash: string): boolean {
  if (refreshed.generation !== redisGeneration()) {
    refreshed.generation = redisGeneration();
    refreshed.hashes = new Set();
  }
  return refreshed.hashes.has(hash);
}

// A Redis call still in flight when the breaker tripped must not mark a key for the new period.
export function markRefreshed(hash: string, generation: number): void {
  if (generation !== refreshed.generation) return;
  if (refreshed.hashes.size > 100_000) refreshed.hashes.clear();
  refreshed.hashes.add(hash);
}

/** Keys this process has seen active: a hint that lets them skip the keyless limit check. */
const active = new Set<string>();

export function markActive(hash: string): void {
  if (active.size > 100_000) active.clear();
  active.add(hash);
}

export const isKnownActive = (hash: string) => active.has(hash);

export const forgetActive = (hash: string) => active.delete(hash);
