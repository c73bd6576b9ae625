// What the Studio shows of a user's saved searches: the searches, the latest deliveries with
// their outcome, and how many deliveries this month brought.
import { db } from "../core/db";
import type { Tier } from "../core/plans";
import { SAVED_SEARCH_LIMITS } from "./limits";
import type { DeliveryView, SavedSearchView } from "./schemas";
import { toDeliveryView, toView } from "./views";

export type SavedSearchesPage = {
  searches: SavedSearchView[];
  /** The latest 30 deliveries of all the user's searches, newest first. */
  deliveries: DeliveryView[];
  limit: number;
  /** Delivered this calendar month (UTC), test events included. */
  deliveredThisMonth: number;
};

export async function savedSearchesFor(
  user: { id: string; tier: Tier },
  now: Date,
): Promise<SavedSearchesPage> {
  const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const [searches, deliveries, delivered] = await Promise.all([
    db().savedSearch.findMany({ where: { userId: user.id }, orderBy: { createdAt: "asc" } }),
    db().delivery.findMany({
      where: { userId: user.id },
      orderBy: { createdAt: "desc" },
      take: 30,
      // What the log shows: never the payloads (up to a hundred jobs each).
      omit: { payload: true },
    }),
    db().delivery.count({ where: { userId: user.id, status: "delivered", doneAt: { gte: monthStart } } }),
  ]);
  return {
    searches: searches.map(toView),
    deliveries: deliveries.map(toDeliveryView),
    limit: SAVED_SEARCH_LIMITS[user.tier],
    deliveredThisMonth: delivered,
  };
}
