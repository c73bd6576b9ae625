// The spread of a location's pay: its percentiles on one bar, with the same figures as a table.
import { count } from "@/lib/site/format";
import { bandMarks } from "@/lib/site/pay-chart";

type Pay = {
  median: number;
  p10?: number;
  p25?: number;
  p75?: number;
  p90?: number;
  currency: string;
  period: string;
};

export function PayBand({ pay }: { pay: Pay }) {
  const { marks, min, max } = bandMarks(pay);
  if (marks.length < 2) return null; // a median alone is the figure above; nothing to spread
  const at = (key: string) => marks.find((m) => m.key === key)?.at;
  const outer = [at("p10") ?? at("p25"), at("p90") ?? at("p75")];
  const inner = [at("p25"), at("p75")];
  return (
    <figure className="pay-band">
      <figcaption>
        How pay is spread ({pay.currency} a {pay.period})
        <span className="pay-legend">
          {at("p10") !== undefined && "The thin bar runs from the 10th to the 90th percentile, "}
          {at("p25") !== undefined && "the box holds the middle half (25th to 75th), "}
          the dark line is the median.
        </span>
      </figcaption>
      <div className="pay-band-bar" aria-hidden="true">
        {outer[0] !== undefined && outer[1] !== undefined && (
          <span
            className="pay-band-outer"
            style={{ left: `${outer[0]}%`, width: `${outer[1] - outer[0]}%` }}
          />
        )}
        {inner[0] !== undefined && inner[1] !== undefined && (
          <span
            className="pay-band-inner"
            style={{ left: `${inner[0]}%`, width: `${inner[1] - inner[0]}%` }}
          />
        )}
        <span className="pay-band-median" style={{ left: `${at("median")}%` }} />
      </div>
      <div className="pay-band-axis" aria-hidden="true">
        <span>{count(min)}</span>
        <span>{count(max)}</span>
      </div>
      <table className="pay-table">
        <caption className="visually-hidden">
          Percentiles of advertised pay, {pay.currency} a {pay.period}
        </caption>
        <thead>
          <tr>
            {marks.map((m) => (
              <th key={m.key} scope="col">
                {m.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          <tr>
            {marks.map((m) => (
              <td key={m.key}>{count(m.value)}</td>
            ))}
          </tr>
        </tbody>
      </table>
    </figure>
  );
}
