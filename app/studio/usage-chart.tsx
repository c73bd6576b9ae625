// Requests per day this month: an SVG bar chart, with the same numbers as a table for screen readers.
type Day = { date: string; count: number };

export function UsageChart({
  days,
  monthStart,
  dailyLimit,
}: {
  days: Day[];
  monthStart: string;
  dailyLimit: number;
}) {
  const [y, m] = monthStart.split("-").map(Number) as [number, number];
  const length = new Date(Date.UTC(y, m, 0)).getUTCDate();
  const byDate = new Map(days.map((d) => [d.date, d.count]));
  const dateOf = (day: number) => `${monthStart.slice(0, 8)}${String(day).padStart(2, "0")}`;
  const all = Array.from({ length }, (_, i) => ({
    date: dateOf(i + 1),
    count: byDate.get(dateOf(i + 1)) ?? 0,
  }));
  const max = Math.max(dailyLimit, 1);
  const w = 620;
  const h = 140;
  const bar = w / length;
  return (
    <figure>
      <svg
        viewBox={`0 0 ${w} ${h + 20}`}
        role="img"
        aria-label={`Requests per day this month; daily limit ${dailyLimit}`}
        style={{ width: "100%", height: "auto" }}
      >
        <line x1="0" x2={w} y1="0" y2="0" stroke="#b3261e" strokeDasharray="4 3" />
        {all.map((d, i) => {
          const bh = Math.min(h, (d.count / max) * h);
          return (
            <rect key={d.date} x={i * bar + 1} y={h - bh} width={bar - 2} height={bh} fill="#0b57d0">
              <title>{`${d.date}: ${d.count}`}</title>
            </rect>
          );
        })}
        <text x="0" y={h + 15} fontSize="11" fill="#57606a">
          {dateOf(1)}
        </text>
        <text x={w} y={h + 15} fontSize="11" fill="#57606a" textAnchor="end">
          {dateOf(length)}
        </text>
      </svg>
      <figcaption className="muted">Dashed line: the daily limit ({dailyLimit}).</figcaption>
      <details>
        <summary>Per-day numbers</summary>
        <table>
          <thead>
            <tr>
              <th scope="col">Day (UTC)</th>
              <th scope="col">Requests</th>
            </tr>
          </thead>
          <tbody>
            {all
              .filter((d) => d.count > 0)
              .map((d) => (
                <tr key={d.date}>
                  <td>{d.date}</td>
                  <td>{d.count}</td>
                </tr>
              ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
