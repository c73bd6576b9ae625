// A stand-in for Stripe's API on 127.0.0.1, for the tests (Stripe cannot be reached from here):
// it answers the two calls the app makes (a Checkout Session, a Billing Portal session) with
// URLs on itself, serves a page at those URLs for a browser to land on, and records every call
// so a test can check what Stripe would have received (GET /__seen).
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export type SeenCall = { method: string; path: string; form: Record<string, string>; auth: string };

export type StripeStandIn = {
  url: string;
  seen: SeenCall[];
  setAway: (away: boolean) => void;
  stop: () => Promise<void>;
};

export async function startStripeStandIn(): Promise<StripeStandIn> {
  const seen: SeenCall[] = [];
  let away = false;
  let origin = "";
  const server: Server = createServer((req, res) => {
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", () => {
      const path = req.url ?? "";
      if (req.method === "GET") {
        if (path === "/__seen") {
          res.writeHead(200, { "content-type": "application/json" });
          res.end(JSON.stringify(seen));
          return;
        }
        res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
        res.end(
          `<!doctype html><title>Stripe stand-in</title><h1>Stripe stand-in</h1><p>${path.replace(/[<&>"]/g, "")}</p>`,
        );
        return;
      }
      seen.push({
        method: req.method ?? "",
        path,
        form: Object.fromEntries(new URLSearchParams(body)),
        auth: req.headers.authorization ?? "",
      });
      if (away) {
        res.writeHead(503, { "content-type": "application/json" });
        res.end(JSON.stringify({ error: { type: "api_error", message: "unavailable" } }));
        return;
      }
      const answer =
        path === "/v1/checkout/sessions"
          ? { id: "cs_test_1", object: "checkout.session", url: `${origin}/c/pay/cs_test_1` }
          : path === "/v1/billing_portal/sessions"
            ? { id: "bps_1", object: "billing_portal.session", url: `${origin}/p/session/bps_1` }
            : null;
      res.writeHead(answer ? 200 : 404, { "content-type": "application/json" });
      res.end(
        JSON.stringify(answer ?? { error: { type: "invalid_request_error", message: "no such route" } }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: origin,
    seen,
    setAway: (v) => {
      away = v;
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
