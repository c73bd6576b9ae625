"use client";
// Buying and managing a plan: each button asks the server for a page on Stripe's site and goes
// there; Stripe sends the user back to the Studio, and the plan changes when Stripe confirms.
import { useState } from "react";

type Props = {
  configured: boolean;
  tier: "free" | "builder" | "pro";
  hasCustomer: boolean;
  returned: "success" | "cancelled" | null;
};

export function BillingActions({ configured, tier, hasCustomer, returned }: Props) {
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function go(path: string, body: object, label: string) {
    setBusy(label);
    setError(null);
    const res = await fetch(path, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    }).catch(() => null);
    const json = (await res?.json().catch(() => null)) as {
      url?: string;
      error?: { message?: string };
    } | null;
    if (res?.ok && json?.url) {
      window.location.assign(json.url);
      return;
    }
    setBusy(null);
    setError(json?.error?.message ?? "We could not reach the server. Try again in a moment.");
  }

  if (!configured)
    return (
      <p className="hint">
        Paid plans are set up by the operator of this server: ask them to change your plan. (They run{" "}
        <code>npm run keys -- tier --email you@example.com --tier pro</code>.)
      </p>
    );
  return (
    <div className="billing-actions">
      {returned === "success" && (
        <p className="notice ok" role="status">
          Thank you. Your plan changes as soon as Stripe confirms the payment, usually within seconds: reload
          this page to see it.
        </p>
      )}
      {returned === "cancelled" && (
        <p className="notice warn" role="status">
          Checkout cancelled: nothing was charged and your plan is unchanged.
        </p>
      )}
      {error && (
        <p className="notice error" role="alert">
          {error}
        </p>
      )}
      <div className="actions">
        {tier === "free" &&
          (["builder", "pro"] as const).map((t) => (
            <button
              key={t}
              type="button"
              disabled={busy !== null}
              onClick={() => go("/api/billing/checkout", { tier: t }, t)}
            >
              {busy === t ? "Opening checkout…" : `Upgrade to ${t === "builder" ? "Builder" : "Pro"}`}
            </button>
          ))}
        {hasCustomer && (
          <button
            type="button"
            className="secondary"
            disabled={busy !== null}
            onClick={() => go("/api/billing/portal", {}, "portal")}
          >
            {busy === "portal" ? "Opening…" : "Manage billing"}
          </button>
        )}
      </div>
      <p className="hint">
        Payment by Stripe. An upgrade applies from your next request; a downgrade or a cancellation at the end
        of the period you paid for.
      </p>
    </div>
  );
}
