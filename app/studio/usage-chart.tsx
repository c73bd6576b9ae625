// Requests per day this month: bars in an SVG that stretches to the width it has, with every
// label in HTML so its size stays readable on a phone (an SVG's text would shrink with it). The
// same numbers are in a table for screen readers.
import { count } from "@/lib/site/format";
import type { UsageChartModel } from "@/lib/studio/usage-chart";

const BAR = "#4338ca";
const TODAY = "#0f766e";

const pct = (v: number, max: number) => `${(v / max) * 100}%`;
const dayLabel = (date: string) =>
  new Date(`${date}T00:00:00Z`).toLocaleDateString("en-GB", {
    day: "numeric",
    month: "short",
    timeZone: "UTC",
  });

export function UsageChart({ model, dailyLimit }: { model: UsageChartModel; dailyLimit: number }) {
  const { days, yMax, ticks, limitShown } = model;
  const n = days.length;
  const today = days.find((d) => d.today);
  // Weekly ticks and the month's last day (22 and 28–31 never crowd each other).
  const xTicks = days.filter((d) => [1, 8, 15, 22, n].includes(d.day));
  const at = (day: number) => `${((day - 0.5) / n) * 100}%`;
  const widest = Math.max(...ticks.map((t) => count(t).length));
  return (
    <figure className="chart">
      <figcaption className="chart-title">Requests per day this month (UTC days)</figcaption>
      <div className="chart-grid" style={{ gridTemplateRows: "auto 160px auto" }}>
        <span className="chart-axis" style={{ gridColumn: "1 / span 2" }}>
          Requests
        </span>
        <div className="chart-y" aria-hidden="true" style={{ minWidth: `${widest * 0.62 + 0.2}em` }}>
          {ticks.map((t) => (
            <span key={t} style={{ bottom: pct(t, yMax) }}>
              {count(t)}
            </span>
          ))}
        </div>
        <div className="chart-plot">
          {ticks.slice(1).map((t) => (
            <div key={t} className="chart-gridline" style={{ bottom: pct(t, yMax) }} />
          ))}
          <svg
            viewBox={`0 0 ${n * 10} 100`}
            preserveAspectRatio="none"
            role="img"
            aria-label={`Requests per day this month${today ? `; today ${today.count}` : ""}; daily limit ${dailyLimit}`}
          >
            {today && <rect x={(today.day - 1) * 10} y={0} width={10} height={100} fill="#ccfbf1" />}
            {days.map((d) => {
              const h = d.count ? Math.max((d.count / yMax) * 100, 1.5) : 0;
              return (
                <rect
                  key={d.date}
                  x={(d.day - 1) * 10 + 1.5}
                  y={100 - h}
                  width={7}
                  height={h}
                  fill={d.today ? TODAY : BAR}
                >
                  <title>{`${d.date}: ${d.count}`}</title>
                </rect>
              );
            })}
          </svg>
          {limitShown && (
            <div className="chart-limit" style={{ bottom: pct(dailyLimit, yMax) }}>
              <span>Daily limit {count(dailyLimit)}</span>
            </div>
          )}
        </div>
        <div className="chart-x" aria-hidden="true">
          {xTicks.map((d) => (
            // The month's first and last labels end at the plot's edges rather than past them.
            <span
              key={d.date}
              className={d.day === 1 ? "first" : d.day === n ? "last" : undefined}
              style={{ left: d.day === 1 ? 0 : d.day === n ? "100%" : at(d.day) }}
            >
              {dayLabel(d.date)}
            </span>
          ))}
          {today && (
            <span className="today" style={{ left: at(today.day) }}>
              ▲ Today
            </span>
          )}
        </div>
      </div>
      <p className="chart-legend">
        <span>
          <span className="swatch" style={{ background: BAR }} />
          Requests
        </span>
        <span>
          <span className="swatch" style={{ background: TODAY }} />
          Today{today ? `: ${count(today.count)}` : ""}
        </span>
        <span>
          {limitShown ? "Dashed line: " : ""}daily limit {count(dailyLimit)}
        </span>
      </p>
      <details>
        <summary>Per-day numbers</summary>
        <div className="table-scroll">
          <table>
            <thead>
              <tr>
                <th scope="col">Day (UTC)</th>
                <th scope="col">Requests</th>
              </tr>
            </thead>
            <tbody>
              {days
                .filter((d) => d.count > 0)
                .map((d) => (
                  <tr key={d.date}>
                    <td>
                      {d.date}
                      {d.today ? " (today)" : ""}
                    </td>
                    <td>{count(d.count)}</td>
                  </tr>
                ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
