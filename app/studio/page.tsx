// /studio — the signed-in user's key, usage, alerts, saved searches and plan, and how to start
// calling the API.
import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { currentUser } from "@/lib/auth/session";
import { clock } from "@/lib/core/clock";
import { env } from "@/lib/core/env";
import { KEY_EXPORT, KEY_VAR } from "@/lib/core/key-placeholder";
import { TIERS } from "@/lib/core/plans";
import { ok } from "@/lib/core/result";
import { LOGGED_ROUTES } from "@/lib/request-log/line";
import { logFilterFrom, recentRequests } from "@/lib/request-log/read";
import { RETENTION_DAYS } from "@/lib/request-log/writer";
import { savedSearchesFor } from "@/lib/saved-searches/read";
import { count } from "@/lib/site/format";
import { loadForPage } from "@/lib/site/page-data";
import { studioOverview } from "@/lib/studio/overview";
import { usageChart } from "@/lib/studio/usage-chart";
import { CodeBlock } from "../components/code-block";
import { titled } from "../components/page-title";
import { PlanCards } from "../components/plan-cards";
import { AlertsSwitch } from "./alerts-switch";
import { BillingActions } from "./billing-actions";
import { DeliveryLog } from "./delivery-log";
import { KeyActions, SignOutButton } from "./key-actions";
import { LocalTime } from "./local-time";
import { RequestLog } from "./request-log";
import { SavedSearches } from "./saved-searches";
import { UsageChart } from "./usage-chart";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: titled("Studio") };

function Meter({ label, used, limit }: { label: string; used: number; limit: number }) {
  return (
    <div>
      <div className="meter-label">
        <strong>{label}</strong>
        <span>
          {count(used)} of {count(limit)} requests
        </span>
      </div>
      <div
        className="meter"
        role="meter"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={limit}
        aria-valuenow={used}
      >
        <span style={{ width: `${Math.min(100, (used / limit) * 100)}%` }} />
      </div>
    </div>
  );
}

export default async function StudioPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const params = await searchParams;
  const back = params.billing;
  const returned = back === "success" || back === "cancelled" ? back : null;
  // The request log's filters come in the address (a GET form); a bad one is said, not used.
  const { filter, problems } = logFilterFrom(params);
  // The database away: the page says so (and goes out as a 503), rather than failing.
  const loaded = await loadForPage(async () => {
    const user = await currentUser();
    if (!user) return ok(null);
    // The log's read failing (a busy key's rare filter past its time) leaves the rest of the page.
    const now = clock.now();
    const [o, requests, saved] = await Promise.all([
      studioOverview(user, now),
      recentRequests(user.id, filter).catch(() => null),
      savedSearchesFor(user, now),
    ]);
    return ok({ user, o, requests, saved });
  });
  if (!loaded.ok) {
    return (
      <>
        <h1>Temporarily unavailable</h1>
        <p className="notice error" role="alert">
          The Studio cannot reach its database right now; please try again in a minute.
        </p>
      </>
    );
  }
  if (!loaded.value) redirect("/signin?callbackUrl=/studio");
  const { user, o, requests, saved } = loaded.value;
  const live = o.key && o.key.status !== "revoked" ? o.key : null;
  const revoked = o.key?.status === "revoked" ? o.key : null;
  const base = env().APP_URL;
  const examples = [
    ["Search jobs", `/v1/jobs?title=engineer&country=DE`],
    ["One job", `/v1/jobs/job-0000001`],
    ["Median pay", `/v1/salary?country=DE`],
    ["Your usage", `/api/keys/usage?tz=Europe/Berlin`],
  ] as const;
  return (
    <>
      <div className="spread page-head">
        <h1>Studio</h1>
        <SignOutButton />
      </div>
      <p className="muted">Signed in as {user.email}</p>
      <nav className="studio-nav" aria-label="Studio sections">
        <a href="#key-h">Key</a>
        <a href="#usage-h">Usage</a>
        <a href="#requests-h">Requests</a>
        <a href="#alerts-h">Alerts</a>
        <a href="#saved-h">Saved searches</a>
        <a href="#plan-h">Plan</a>
        <a href="#qs-h">Quick start</a>
      </nav>

      <div className="grid-2">
        <section className="card" aria-labelledby="key-h">
          <div className="card-head">
            <h2 id="key-h">API key</h2>
            {o.key && <span className={`status ${o.key.status}`}>{o.key.status}</span>}
          </div>
          {o.key ? (
            <dl className="facts">
              <dt>Key</dt>
              <dd>
                <code className="key-hint">{o.key.hint}</code>
              </dd>
              <dt>Created</dt>
              <dd>
                <LocalTime iso={o.key.createdAt.toISOString()} />
              </dd>
              <dt>Confirmed</dt>
              <dd>
                {o.key.confirmedAt ? (
                  <LocalTime iso={o.key.confirmedAt.toISOString()} />
                ) : o.key.status === "revoked" ? (
                  "never"
                ) : (
                  "not yet: open the link in the e-mail"
                )}
              </dd>
              {o.key.revokedAt && (
                <>
                  <dt>Revoked</dt>
                  <dd>
                    <LocalTime iso={o.key.revokedAt.toISOString()} />
                  </dd>
                </>
              )}
            </dl>
          ) : (
            <p>You have no key yet. Register one: it arrives by e-mail with a link to activate it.</p>
          )}
          {revoked && <p>This key is revoked: the API refuses it. Register a new key to go on.</p>}
          <p className="hint">
            The key itself is only ever shown in the e-mail we send when you register. Lost it? Revoke it and
            register a new one.
          </p>
          <KeyActions status={o.key?.status ?? "none"} hint={o.key?.hint ?? ""} email={user.email} />
        </section>

        <section className="card" aria-labelledby="usage-h">
          <div className="card-head">
            <h2 id="usage-h">Usage</h2>
            {revoked && <span className="badge warn">of a revoked key</span>}
          </div>
          {o.usage ? (
            <>
              {revoked && (
                <p className="notice warn" id="usage-revoked">
                  Made with <code className="key-hint">{revoked.hint}</code>, which is now revoked. Quotas
                  belong to your account, so a new key carries on from these counts.
                </p>
              )}
              <div className="meters">
                <Meter label="Today" used={o.usage.today} limit={o.limits.daily} />
                <Meter label="This month" used={o.usage.month} limit={o.limits.monthly} />
              </div>
              <p className="small muted">
                Daily reset <LocalTime iso={o.resets.daily.toISOString()} />; monthly reset{" "}
                <LocalTime iso={o.resets.monthly.toISOString()} />.
              </p>
              <UsageChart
                model={usageChart(o.usage.days, o.monthStart, o.today, o.limits.daily)}
                dailyLimit={o.limits.daily}
              />
            </>
          ) : (
            <p>No usage yet: requests you make with your key show here.</p>
          )}
        </section>
      </div>

      <section className="card" aria-labelledby="requests-h">
        <h2 id="requests-h">Requests</h2>
        <RequestLog
          rows={requests}
          routes={LOGGED_ROUTES}
          filter={filter}
          problems={problems}
          retentionDays={RETENTION_DAYS}
        />
      </section>

      <section className="card" aria-labelledby="alerts-h">
        <h2 id="alerts-h">Usage alerts</h2>
        <AlertsSwitch enabled={o.usageAlerts} email={user.email} />
      </section>

      <section className="card" aria-labelledby="saved-h">
        <h2 id="saved-h">Saved searches</h2>
        <SavedSearches
          searches={saved.searches}
          limit={saved.limit}
          deliveredThisMonth={saved.deliveredThisMonth}
          email={user.email}
        />
        <DeliveryLog deliveries={saved.deliveries} searches={saved.searches} />
      </section>

      <section className="card" aria-labelledby="plan-h">
        <h2 id="plan-h">Plan</h2>
        {o.billing.pending && (
          <p className="notice warn">
            Your plan changes to {TIERS[o.billing.pending.tier].name} on{" "}
            <LocalTime iso={o.billing.pending.at.toISOString()} />, the end of the period you paid for.
          </p>
        )}
        {o.billing.pastDue && (
          <p className="notice error" role="alert">
            Your last payment failed. Stripe retries it over the next days and your plan stays meanwhile;
            update your card under Manage billing to keep it.
          </p>
        )}
        <PlanCards current={o.tier} />
        <BillingActions
          configured={o.billing.configured}
          tier={o.tier}
          hasCustomer={o.billing.hasCustomer}
          returned={returned}
        />
      </section>

      <section className="card" aria-labelledby="qs-h">
        <h2 id="qs-h">Quick start</h2>
        {/* The commands read the key from the environment, so what the copy buttons copy works as it
            is once the key is exported; a hint in its place would answer 401. */}
        <p>
          {live ? (
            <>
              Put your key (<code className="key-hint">{live.hint}</code>, from the e-mail) in the environment
              once:
            </>
          ) : (
            <>Register a key above, then put it in the environment once:</>
          )}{" "}
          <code>{KEY_EXPORT}</code>. These commands read it from <code>{KEY_VAR}</code>: keys go in the
          header, never in the URL.
        </p>
        {/* One under the other: side by side, the URLs would wrap mid-word. */}
        <div>
          {examples.map(([label, path]) => (
            <CodeBlock
              key={path}
              label={label}
              wrap
              code={`curl -H "X-API-Key: ${KEY_VAR}" \\\n  "${base}${path}"`}
            />
          ))}
        </div>
        <p>
          Every endpoint, parameter, limit and error is described in the <a href="/docs">API reference</a>.
        </p>
      </section>
    </>
  );
}
