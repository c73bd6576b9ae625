// The saved searches' latest deliveries: when, which search, how, and what the other end said.
import type { DeliveryView, SavedSearchView } from "@/lib/saved-searches/schemas";
import { count } from "@/lib/site/format";
import { LocalTime } from "./local-time";

const CHANNEL = { webhook: "Webhook", email: "E-mail", test: "Test event" } as const;

function response(d: DeliveryView): string {
  return [d.last_status === null ? null : `HTTP ${d.last_status}`, d.last_error].filter(Boolean).join(" · ");
}

export function DeliveryLog({
  deliveries,
  searches,
}: {
  deliveries: DeliveryView[];
  searches: SavedSearchView[];
}) {
  const names = new Map(searches.map((s) => [s.id, s.name]));
  return (
    <>
      <h3 id="deliveries-h">Delivery log</h3>
      <p className="small muted">
        The latest 30 deliveries of all your saved searches, newest first. A webhook delivery that fails is
        tried again; attempts counts the tries.
      </p>
      {deliveries.length === 0 ? (
        <p id="deliveries-empty">
          No deliveries yet. They start with the next catalog import that brings new jobs for a search; Send
          test event tries a webhook now.
        </p>
      ) : (
        // Wider than a phone: a keyboard user reaches the hidden columns by focusing the box.
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus to scroll by keyboard
        <div className="table-scroll" tabIndex={0} role="region" aria-labelledby="deliveries-h">
          <table className="delivery-table">
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Search</th>
                <th scope="col">Channel</th>
                <th scope="col">Status</th>
                <th scope="col">Jobs</th>
                <th scope="col">Response</th>
                <th scope="col">Attempts</th>
              </tr>
            </thead>
            <tbody>
              {deliveries.map((d) => {
                const said = response(d);
                return (
                  <tr key={d.id}>
                    <td className="delivery-time">
                      <LocalTime iso={d.created_at} />
                    </td>
                    <td className="delivery-search">
                      {names.get(d.saved_search_id) ?? <span className="muted">a deleted search</span>}
                    </td>
                    <td data-label="Channel">{CHANNEL[d.channel]}</td>
                    <td data-label="Status">
                      <span className={`status ${d.status}`}>{d.status}</span>
                    </td>
                    <td data-label="Jobs" className="num">
                      {count(d.jobs)}
                    </td>
                    <td data-label="Response" className={said ? "delivery-response" : "delivery-none"}>
                      {said}
                    </td>
                    <td data-label="Attempts" className="num">
                      {d.attempts}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
