// /studio — the signed-in user's key, usage and plan.
import { redirect } from "next/navigation";
import { currentUser } from "@/lib/auth/session";
import { clock } from "@/lib/clock";
import { env } from "@/lib/env";
import { TIER_NAMES, TIERS } from "@/lib/plans";
import { studioOverview } from "@/lib/studio/overview";
import { RegisterButton, RevokeButton, SignOutButton } from "./key-actions";
import { LocalTime } from "./local-time";
import { UsageChart } from "./usage-chart";

export const dynamic = "force-dynamic";

function Meter({ label, used, limit }: { label: string; used: number; limit: number }) {
  return (
    <div>
      <p>
        <strong>{label}:</strong> {used.toLocaleString("en-US")} of {limit.toLocaleString("en-US")} requests
      </p>
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

export default async function StudioPage() {
  const user = await currentUser();
  if (!user) redirect("/signin?callbackUrl=/studio");
  const o = await studioOverview(user, clock.now());
  const live = o.key && o.key.status !== "revoked" ? o.key : null;
  const hint = o.key?.hint ?? "jsk_…";
  return (
    <>
      <div className="row" style={{ justifyContent: "space-between" }}>
        <h1>Studio</h1>
        <SignOutButton />
      </div>
      <p className="muted">Signed in as {user.email}</p>

      <section className="panel" aria-labelledby="key-h">
        <h2 id="key-h">API key</h2>
        {o.key ? (
          <dl className="facts">
            <dt>Key</dt>
            <dd>
              <code>{o.key.hint}</code>
            </dd>
            <dt>Status</dt>
            <dd>
              <span className={`status ${o.key.status}`}>{o.key.status}</span>
            </dd>
            <dt>Created</dt>
            <dd>
              <LocalTime iso={o.key.createdAt.toISOString()} />
            </dd>
            <dt>Confirmed</dt>
            <dd>
              {o.key.confirmedAt ? (
                <LocalTime iso={o.key.confirmedAt.toISOString()} />
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
          <p>You have no key yet.</p>
        )}
        <p className="muted">
          The key itself is only ever shown in the e-mail we send when you register. Lost it? Revoke it and
          register a new one.
        </p>
        {live?.status === "active" ? (
          <RevokeButton hint={live.hint} />
        ) : (
          <RegisterButton email={user.email} />
        )}
        {live?.status === "inactive" && (
          <p className="muted">Registering again replaces the unconfirmed key and sends a new e-mail.</p>
        )}
      </section>

      <section className="panel" aria-labelledby="usage-h">
        <h2 id="usage-h">Usage</h2>
        {o.usage ? (
          <>
            <Meter label="Today" used={o.usage.today} limit={o.limits.daily} />
            <Meter label="This month" used={o.usage.month} limit={o.limits.monthly} />
            <p>
              Daily reset: <LocalTime iso={o.resets.daily.toISOString()} />. Monthly reset:{" "}
              <LocalTime iso={o.resets.monthly.toISOString()} />.
            </p>
            <UsageChart days={o.usage.days} monthStart={o.monthStart} dailyLimit={o.limits.daily} />
          </>
        ) : (
          <p>No usage yet.</p>
        )}
      </section>

      <section className="panel" aria-labelledby="plan-h">
        <h2 id="plan-h">Plan</h2>
        <table>
          <thead>
            <tr>
              <th scope="col">Plan</th>
              <th scope="col">Price</th>
              <th scope="col">Per day</th>
              <th scope="col">Per month</th>
              <th scope="col">
                <span className="muted">Yours</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {TIER_NAMES.map((t) => (
              <tr key={t}>
                <td>{TIERS[t].name}</td>
                <td>{TIERS[t].priceUsd ? `$${TIERS[t].priceUsd}/month` : "free"}</td>
                <td>{TIERS[t].daily.toLocaleString("en-US")}</td>
                <td>{TIERS[t].monthly.toLocaleString("en-US")}</td>
                <td>{t === o.tier ? "✓ current" : ""}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>

      <section className="panel" aria-labelledby="qs-h">
        <h2 id="qs-h">Quick start</h2>
        <p>
          Replace <code>{hint}</code> with your key from the e-mail. Keys go in the header, never in the URL.
        </p>
        <pre>{`curl -H "X-API-Key: ${hint}" "${env().APP_URL}/v1/jobs?title=engineer&country=DE"
curl -H "X-API-Key: ${hint}" "${env().APP_URL}/v1/jobs/job-0000001"
curl -H "X-API-Key: ${hint}" "${env().APP_URL}/v1/salary?country=DE"
curl -H "X-API-Key: ${hint}" "${env().APP_URL}/api/keys/usage?tz=Europe/Berlin"`}</pre>
        <p>
          Reference: every endpoint, parameter, limit and error is described in the{" "}
          <a href="/docs">API reference</a>.
        </p>
      </section>
    </>
  );
}
