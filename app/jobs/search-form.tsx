"use client";
// The job search form (home page and /jobs): keywords, a title and a country, region or country name.
// With scripts, it goes to a URL without the fields left empty; without, the browser submits
// every field and the page ignores the empty ones.
import { useRouter } from "next/navigation";
import type { FormEvent } from "react";
import { compactQuery } from "@/lib/site/search-params";

export function SearchForm({
  keywords = "",
  title = "",
  country = "",
  submitLabel = "Search",
  invalid,
  children,
}: {
  title?: string;
  country?: string;
  submitLabel?: string;
  keywords?: string;
  /** The field the last search refused, marked for assistive technology. */
  invalid?: string;
  /** More fields inside the same form (/jobs: "More filters"). */
  children?: React.ReactNode;
}) {
  const router = useRouter();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const query = compactQuery(new FormData(event.currentTarget));
    router.push(query.size ? `/jobs?${query}` : "/jobs");
  };
  return (
    <form role="search" action="/jobs" aria-label="Jobs" onSubmit={submit}>
      <div className="search">
        <div className="field">
          <label htmlFor="q-keywords">Keywords</label>
          <input
            id="q-keywords"
            name="q"
            type="search"
            defaultValue={keywords}
            placeholder='python -senior "data engineer"'
            aria-describedby="q-keywords-hint"
            aria-invalid={invalid === "q" || undefined}
          />
        </div>
        <div className="field">
          <label htmlFor="q-title">Job title</label>
          <input
            id="q-title"
            name="title"
            defaultValue={title}
            placeholder="e.g. data engineer"
            aria-invalid={invalid === "title" || undefined}
          />
        </div>
        <div className="field">
          <label htmlFor="q-country">Country or region</label>
          <input
            id="q-country"
            name="country"
            defaultValue={country}
            placeholder="Germany, DE, EU…"
            aria-describedby="q-country-hint"
            aria-invalid={invalid === "country" || undefined}
          />
        </div>
        <div className="actions">
          <button type="submit">{submitLabel}</button>
        </div>
      </div>
      <p id="q-keywords-hint" className="hint" style={{ margin: "var(--s-2) 0 0" }}>
        Keywords search titles, companies and descriptions: all words must match, “quoted phrases” stay
        together, -word leaves out, OR gives a choice.
      </p>
      <p id="q-country-hint" className="hint" style={{ margin: "var(--s-1) 0 0" }}>
        Countries by name or code (Germany, DE, DEU), or a region: EU, EEA, DACH, NORDICS.
      </p>
      {children}
    </form>
  );
}
