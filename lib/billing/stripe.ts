// The Stripe client, made once per configuration: short timeouts (a checkout is a person
// waiting), one retry, and another API origin when STRIPE_API_URL says so (tests).
import Stripe from "stripe";
import type { BillingConfig } from "./config";

const g = globalThis as unknown as { stripe?: { key: string; client: Stripe } };

export function stripeClient(config: BillingConfig): Stripe {
  const key = `${config.secretKey}|${config.apiUrl ?? ""}`;
  if (g.stripe?.key === key) return g.stripe.client;
  const url = config.apiUrl ? new URL(config.apiUrl) : null;
  const client = new Stripe(config.secretKey, {
    maxNetworkRetries: 1,
    timeout: 10_000,
    telemetry: false,
    ...(url
      ? {
          host: url.hostname,
          port: Number(url.port || (url.protocol === "https:" ? 443 : 80)),
          protocol: url.protocol.replace(":", "") as "http" | "https",
        }
      : {}),
  });
  g.stripe = { key, client };
  return client;
}
