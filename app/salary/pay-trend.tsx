// A location's median over the snapshots kept, as a line (with the 25th–75th band when every
// point has it) and as a table with the same figures.
import type { SalaryPoint } from "@/lib/catalog/salary-schemas";
import { count } from "@/lib/site/format";
import { trendGeometry } from "@/lib/site/pay-chart";

const W = 640;
const H = 180;

export function PayTrend({ points: all, location }: { points: SalaryPoint[]; location: string }) {
  // One scale: the points in the newest point's currency and period.
  const newest = all.at(-1);
  const points = all.filter((p) => p.currency === newest?.currency && p.period === newest?.period);
  if (points.length < 2) {
    return (
      <p className="muted">
        The history starts with this snapshot ({points[0]?.as_of}): each import with new salary figures adds a
        point.
      </p>
    );
  }
  const g = trendGeometry(points, W, H);
  const first = points[0];
  const last = points.at(-1);
  const currency = last?.currency ?? "";
  const per = `${currency} a ${last?.period ?? "year"}`;
  const summary = `Median pay in ${location} from ${count(first?.median ?? 0)} on ${first?.as_of} to ${count(last?.median ?? 0)} ${per} on ${last?.as_of}, over ${points.length} snapshots.`;
  return (
    <figure className="pay-trend">
      <figcaption>
        Median over time ({per})
        {g.band && <span className="pay-legend">The shaded band is the 25th to 75th percentile.</span>}
      </figcaption>
      <svg viewBox={`-8 -8 ${W + 16} ${H + 16}`} role="img" aria-label={summary}>
        <line x1="0" y1={H} x2={W} y2={H} className="pay-trend-axis" />
        {g.band && <polygon points={g.band} className="pay-trend-band" />}
        <polyline points={g.median} className="pay-trend-line" vectorEffect="non-scaling-stroke" />
        {g.points.map((p) => (
          <circle key={p.point.as_of} cx={p.x} cy={p.y} r="4" className="pay-trend-dot" />
        ))}
      </svg>
      <div className="pay-band-axis" aria-hidden="true">
        <span>{first?.as_of}</span>
        <span>
          scale {count(g.low)} to {count(g.high)}
        </span>
        <span>{last?.as_of}</span>
      </div>
      <details className="pay-trend-table">
        <summary>The figures</summary>
        <div className="table-scroll">
          <table className="pay-table">
            <thead>
              <tr>
                <th scope="col">As of</th>
                <th scope="col">Median</th>
                <th scope="col">25th</th>
                <th scope="col">75th</th>
                <th scope="col">Sample</th>
              </tr>
            </thead>
            <tbody>
              {points.map((p) => (
                <tr key={p.as_of}>
                  <th scope="row">{p.as_of}</th>
                  <td>{count(p.median)}</td>
                  <td>{p.p25 === undefined ? "—" : count(p.p25)}</td>
                  <td>{p.p75 === undefined ? "—" : count(p.p75)}</td>
                  <td>{count(p.sample_size)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
