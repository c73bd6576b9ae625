// What to try when a search finds nothing: broader searches that do find jobs, and popular ones.

import { count } from "@/lib/site/format";
import type { CountryChoice, Suggestion } from "@/lib/site/search";

function Chips({ items }: { items: Suggestion[] }) {
  return (
    <ul className="chips">
      {items.map((s) => (
        <li key={s.href}>
          <a href={s.href}>
            {s.label} <span className="count">{count(s.total)}</span>
          </a>
        </li>
      ))}
    </ul>
  );
}

export function Suggestions({
  title,
  country,
  broader,
  popular,
}: {
  title: string;
  country: CountryChoice | null;
  broader: Suggestion[];
  popular: Suggestion[];
}) {
  return (
    <section className="card" aria-labelledby="none-h">
      <h2 id="none-h">
        No jobs match {title ? `“${title}”` : "this search"}
        {country ? ` in ${country.label}` : ""}
      </h2>
      <p className="muted">
        Every word of the title must match a word of the job title (words may be cut short: “engin” finds
        Engineer). Fewer words, or no country, find more.
      </p>
      {broader.length > 0 && (
        <>
          <h3>Broader searches</h3>
          <Chips items={broader} />
        </>
      )}
      {popular.length > 0 && (
        <>
          <h3>Popular searches</h3>
          <Chips items={popular} />
        </>
      )}
    </section>
  );
}
