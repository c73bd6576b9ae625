// "More filters" on /jobs: the API's filters as a form, each choice with how many of the
// current search's jobs it has (from GET /v1/jobs/facets' code).
import type { Facets } from "@/lib/catalog/facet-schemas";
import { count, VALUE_LABELS } from "@/lib/site/format";

function Choices({
  name,
  legend,
  values,
  chosen,
  counts,
}: {
  name: string;
  legend: string;
  values: string[];
  chosen: string[];
  counts?: { value: string | null; count: number }[];
}) {
  return (
    <fieldset className="choices">
      <legend>{legend}</legend>
      {values.map((v) => {
        const n = counts?.find((c) => c.value === v)?.count;
        return (
          <label key={v}>
            <input type="checkbox" name={name} value={v} defaultChecked={chosen.includes(v)} />{" "}
            {VALUE_LABELS[v] ?? v}
            {n !== undefined && <span className="muted"> ({count(n)})</span>}
          </label>
        );
      })}
    </fieldset>
  );
}

const RADII = ["5", "10", "25", "50", "100", "250", "500"];

export function MoreFilters({ params, facets }: { params: URLSearchParams; facets: Facets | null }) {
  const list = (k: string) => params.getAll(k).flatMap((v) => v.split(","));
  const open = [
    "remote",
    "employment_type",
    "seniority",
    "company",
    "city",
    "salary_min",
    "posted_within_days",
    "near",
    "sort",
  ].some((k) => params.get(k));
  return (
    <details className="more-filters" open={open}>
      <summary>More filters</summary>
      <div className="filter-grid">
        <Choices
          name="remote"
          legend="Work arrangement"
          values={["remote", "hybrid", "on_site"]}
          chosen={list("remote")}
          counts={facets?.remote}
        />
        <Choices
          name="employment_type"
          legend="Employment type"
          values={["full_time", "part_time", "contract", "temporary", "internship"]}
          chosen={list("employment_type")}
          counts={facets?.employment_types}
        />
        <Choices
          name="seniority"
          legend="Seniority"
          values={["intern", "junior", "mid", "senior", "lead", "principal", "executive"]}
          chosen={list("seniority")}
          counts={facets?.seniority}
        />
        <div className="field">
          <label htmlFor="f-company">Company</label>
          <input
            id="f-company"
            name="company"
            defaultValue={params.get("company") ?? ""}
            list="f-companies"
          />
          <datalist id="f-companies">
            {facets?.companies.map((c) => (
              <option key={c.name} value={c.name}>{`${c.name} (${count(c.count)})`}</option>
            ))}
          </datalist>
        </div>
        <div className="field">
          <label htmlFor="f-city">City</label>
          <input
            id="f-city"
            name="city"
            defaultValue={params.get("city") ?? ""}
            placeholder="Berlin, or Berlin, DE"
          />
        </div>
        <div className="field">
          <label htmlFor="f-near">Near a place</label>
          <input
            id="f-near"
            name="near"
            defaultValue={params.get("near") ?? ""}
            placeholder="Leeds, GB or 52.52,13.40"
          />
        </div>
        <div className="field">
          <label htmlFor="f-radius">Within</label>
          <select id="f-radius" name="radius_km" defaultValue={params.get("radius_km") ?? "25"}>
            {RADII.map((km) => (
              <option key={km} value={km}>{`${km} km`}</option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="f-salary">Salary at least (a year, one country)</label>
          <input
            id="f-salary"
            name="salary_min"
            inputMode="numeric"
            pattern="[0-9]*"
            defaultValue={params.get("salary_min") ?? ""}
          />
        </div>
        <div className="field">
          <label htmlFor="f-posted">Posted</label>
          <select
            id="f-posted"
            name="posted_within_days"
            defaultValue={params.get("posted_within_days") ?? ""}
          >
            <option value="">Any time</option>
            <option value="1">Last 24 hours</option>
            <option value="3">Last 3 days</option>
            <option value="7">Last week</option>
            <option value="30">Last month</option>
          </select>
        </div>
        <div className="field">
          <label htmlFor="f-sort">Sort by</label>
          <select id="f-sort" name="sort" defaultValue={params.get("sort") ?? ""}>
            <option value="">Best match, or newest</option>
            <option value="date">Newest</option>
            <option value="salary_desc">Highest salary (one country)</option>
            <option value="salary_asc">Lowest salary (one country)</option>
            <option value="distance">Nearest (with a place)</option>
          </select>
        </div>
      </div>
      {facets && !facets.meta.exact && (
        <p className="hint">Counts are for the first {count(facets.meta.counted)} matching jobs.</p>
      )}
    </details>
  );
}
