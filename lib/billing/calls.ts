// Calls to Stripe's API as results: Stripe away (a connection error, its 5xx, a timeout) is a
// 503 the Studio can show, never a 500; anything else Stripe refuses is a bug of ours, and throws.
import Stripe from "stripe";
import { fail, type Result } from "../core/result";

export async function billingCall<T, C extends string>(
  call: () => Promise<Result<T, C>>,
): Promise<Result<T, C | "payment_provider_unavailable">> {
  try {
    return await call();
  } catch (err) {
    const away =
      err instanceof Stripe.errors.StripeConnectionError ||
      err instanceof Stripe.errors.StripeAPIError ||
      (err instanceof Stripe.errors.StripeError && (err.statusCode ?? 0) >= 500);
    if (!away) throw err;
    return fail(
      "payment_provider_unavailable",
      "Stripe could not be reached; nothing changed. Try again shortly.",
      {
        retryAfterSeconds: 30,
      },
    );
  }
}
