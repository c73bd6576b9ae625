// The distance histogram of a search near a place: fixed buckets, in km, min inclusive.

export const DISTANCE_BUCKETS: readonly { min: number; max: number | null }[] = [
  { min: 0, max: 10 },
  { min: 10, max: 25 },
  { min: 25, max: 50 },
  { min: 50, max: 100 },
  { min: 100, max: null },
];

/** Upper bounds of every bucket but the last, for SQL's width_bucket (0-based index = result − 1). */
export const BUCKET_BOUNDS = DISTANCE_BUCKETS.map((b) => b.min);

export type DistanceBucket = { min_km: number; max_km: number | null; count: number };

/** The index of the bucket a distance falls in. */
export function bucketOf(km: number): number {
  let i = 0;
  while (i + 1 < DISTANCE_BUCKETS.length && km >= (DISTANCE_BUCKETS[i + 1]?.min ?? Infinity)) i++;
  return i;
}

/**
 * The histogram from counts per bucket index. Buckets that start at or beyond the radius cannot
 * hold a match and are left out; every other bucket is present, with 0 when empty.
 */
export function distanceHistogram(
  counts: readonly { bucket: number; count: number }[],
  radiusKm: number,
): DistanceBucket[] {
  return DISTANCE_BUCKETS.flatMap((b, i) =>
    b.min < radiusKm
      ? [{ min_km: b.min, max_km: b.max, count: counts.find((c) => c.bucket === i)?.count ?? 0 }]
      : [],
  );
}
