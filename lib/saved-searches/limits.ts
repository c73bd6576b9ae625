// What each plan may save, and how much a delivery carries.
import type { Tier } from "../core/plans";

export const SAVED_SEARCH_LIMITS: Record<Tier, number> = { free: 1, builder: 10, pro: 100 };

/** Jobs one delivery lists (the newest); it says how many there were in all. */
export const DELIVERY_JOBS = 100;

/** An endpoint whose deliveries all failed for this long is turned off, and its owner told. */
export const DISABLE_AFTER_MS = 3 * 86_400_000;

/** How long a rotated-out secret still signs deliveries beside the new one. */
export const ROTATION_OVERLAP_MS = 86_400_000;
