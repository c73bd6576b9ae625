// The Studio's request log: the user's last keyed requests, filtered by a plain GET form (it
// works without scripts), and the same lines as CSV.
import type { LoggedRequest, RequestLogFilter } from "@/lib/request-log/read";
import { LocalTime } from "./local-time";

const STATUS_OPTIONS = [
  ["", "Any status"],
  ["2xx", "2xx success"],
  ["3xx", "3xx not modified"],
  ["4xx", "4xx refused"],
  ["5xx", "5xx failed"],
] as const;

function exportHref(filter: RequestLogFilter): string {
  const q = new URLSearchParams();
  for (const [name, value] of Object.entries(filter)) if (value) q.set(name, value);
  const query = q.toString();
  return `/api/keys/requests${query ? `?${query}` : ""}`;
}

export function RequestLog({
  rows,
  routes,
  filter,
  problems,
  retentionDays,
}: {
  /** null: the log could not be read this time. */
  rows: LoggedRequest[] | null;
  routes: readonly string[];
  filter: RequestLogFilter;
  /** The filters in the address that were not used, and why. */
  problems: string[];
  retentionDays: number;
}) {
  const filtered = Boolean(filter.status || filter.route || filter.request_id);
  return (
    <>
      <p className="small muted">
        Every request made with your keys in the last {retentionDays} days, newest first (the last 50 shown).
        Paste the <code>request_id</code> of an error response to find it.
      </p>
      <form className="log-filters" method="get" action="/studio#requests-h">
        <label>
          Status
          <select name="status" defaultValue={filter.status ?? ""}>
            {STATUS_OPTIONS.map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </label>
        <label>
          Endpoint
          <select name="route" defaultValue={filter.route ?? ""}>
            <option value="">Any endpoint</option>
            {routes.map((r) => (
              <option key={r} value={r}>
                {r}
              </option>
            ))}
          </select>
        </label>
        <label>
          Request id
          <input
            name="request_id"
            defaultValue={filter.request_id ?? ""}
            placeholder="req_…"
            spellCheck={false}
            autoComplete="off"
            aria-invalid={problems.some((p) => p.startsWith("request_id")) ? true : undefined}
          />
        </label>
        <div className="log-buttons">
          <button type="submit">Filter</button>
          {filtered && (
            <a className="button secondary" href="/studio#requests-h">
              Clear
            </a>
          )}
          <a className="button secondary" href={exportHref(filter)} download>
            Export CSV
          </a>
        </div>
      </form>
      {problems.length > 0 && (
        <p className="notice error" role="alert">
          Not used: {problems.join("; ")}.
        </p>
      )}
      {rows === null ? (
        <p className="notice warn" role="alert">
          The request log cannot be read right now
          {filter.status || filter.route ? " (try fewer filters)" : ""}; please try again in a minute.
        </p>
      ) : rows.length === 0 ? (
        <p id="log-empty">
          {filtered
            ? "No request matches these filters."
            : "No requests yet: calls you make with your key show here."}
        </p>
      ) : (
        // Wider than a phone: a keyboard user reaches the hidden columns by focusing the box.
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus to scroll by keyboard
        <div className="table-scroll" tabIndex={0} role="region" aria-label="Your requests">
          <table className="log-table">
            <thead>
              <tr>
                <th scope="col">Time</th>
                <th scope="col">Request</th>
                <th scope="col">Status</th>
                <th scope="col">Error</th>
                <th scope="col">ms</th>
                <th scope="col">Request id</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.request_id}>
                  <td className="log-time">
                    <LocalTime iso={r.at.toISOString()} />
                  </td>
                  <td className="log-request">
                    <code>
                      {r.method} {r.path}
                      {r.query ? `?${r.query}` : ""}
                    </code>
                  </td>
                  <td data-label="Status">
                    <span className={`log-status s${String(r.status)[0]}xx`}>{r.status}</span>
                  </td>
                  <td data-label="Error" className={r.error_code ? undefined : "log-none"}>
                    {r.error_code ? <code className="log-code">{r.error_code}</code> : ""}
                  </td>
                  <td data-label="ms" className="num">
                    {r.ms < 10 ? r.ms.toFixed(1) : Math.round(r.ms)}
                  </td>
                  <td data-label="Request id">
                    <code className="log-id">{r.request_id}</code>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
