// Page numbers with Previous and Next, for the job search.
import { pageWindow } from "@/lib/site/paging";

export function Pager({
  page,
  last,
  href,
}: {
  page: number;
  /** The last page that can be shown (total pages, capped at the result window). */
  last: number;
  href: (page: number) => string;
}) {
  if (last <= 1) return null;
  return (
    <nav className="pager" aria-label="Pages">
      <ul>
        {page > 1 && (
          <li>
            <a href={href(Math.min(page - 1, last))} rel="prev">
              ← Previous
            </a>
          </li>
        )}
        {pageWindow(page, last).map((p, i) =>
          p === "gap" ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: gaps have no identity of their own
            <li key={`gap-${i}`} aria-hidden="true">
              <span className="gap">…</span>
            </li>
          ) : (
            <li key={p}>
              <a
                href={href(p)}
                aria-current={p === page ? "page" : undefined}
                aria-label={p === page ? `Page ${p}, current page` : `Page ${p}`}
              >
                {p}
              </a>
            </li>
          ),
        )}
        {page < last && (
          <li>
            <a href={href(page + 1)} rel="next">
              Next →
            </a>
          </li>
        )}
      </ul>
    </nav>
  );
}
