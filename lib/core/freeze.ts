// Values shared between requests (the per-snapshot caches) are frozen all the way down: no
// caller can change what another will be served, and a frozen body's JSON text and ETag can
// be computed once (lib/api/respond.ts).

export function deepFreeze<T>(value: T): T {
  if (typeof value !== "object" || value === null || Object.isFrozen(value)) return value;
  for (const v of Object.values(value)) deepFreeze(v);
  return Object.freeze(value);
}
