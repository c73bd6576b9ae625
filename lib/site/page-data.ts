// What the public pages load, with the database's absence turned into a message: the page then
// renders "temporarily unavailable" with its navigation, and goes out as a 503.
import { markUnavailable } from "../core/request-scope";
import { fail, type Result } from "../core/result";
import { isUnavailable } from "../core/unavailable";

export async function loadForPage<T, C extends string>(
  work: () => Promise<Result<T, C>>,
): Promise<Result<T, C | "service_unavailable">> {
  try {
    return await work();
  } catch (err) {
    if (!isUnavailable(err)) throw err;
    markUnavailable();
    return fail(
      "service_unavailable",
      "The catalog is temporarily unavailable; please try again in a minute.",
      { retryAfterSeconds: 5 },
    );
  }
}
