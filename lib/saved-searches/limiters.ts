// Rate limits of the Studio's saved-search actions: a person clicking, not a script.
import { createLimiter } from "../core/ratelimit";

export const savedSearchLimiter = createLimiter("saved-searches", 60, { seconds: 3600 });
/** Each test event is a request to the user's endpoint: fewer of those. */
export const testEventLimiter = createLimiter("saved-search-tests", 20, { seconds: 3600 });
/** Unsubscribe links are used without signing in: limited per address. */
export const unsubscribeLimiter = createLimiter("unsubscribe", 30, { seconds: 3600 });
