// Paging metadata for GET /v1/jobs, and the depth cap.
import { type Failure, invalidParam } from "../core/result";
import { MAX_RESULT_WINDOW } from "./limits";

export type PageMeta = {
  total: number;
  page: number;
  per_page: number;
  total_pages: number;
  max_page: number;
  has_more: boolean;
  next_page: number | null;
  prev_page: number | null;
};

export function maxPage(perPage: number): number {
  return Math.floor(MAX_RESULT_WINDOW / perPage);
}

/** A page past the depth cap is refused outright, never answered with a silent empty page. */
export function pageBeyondCap(page: number, perPage: number): Failure<"invalid_parameter"> | null {
  if (page <= maxPage(perPage)) return null;
  return invalidParam(
    "page",
    `page: at most ${maxPage(perPage)} at per_page=${perPage} (results are capped at ${MAX_RESULT_WINDOW}); narrow the search with title or country.`,
  );
}

/** `exact`: whether `total` is every match (else a lower bound: the count ran out of time). */
export function pageMeta(total: number, page: number, perPage: number, exact = true): PageMeta {
  const totalPages = Math.ceil(total / perPage);
  const cap = maxPage(perPage);
  const lastReachable = Math.min(totalPages, cap);
  const next = page < lastReachable ? page + 1 : null;
  // Past the end, "prev" points at the last page that has rows, not at an empty one.
  // With nothing to show there is no previous page either. Past a lower bound, where the last
  // page with rows is not known, it is the page before.
  const prev =
    page > 1 && !exact
      ? Math.min(page - 1, cap)
      : page > 1 && lastReachable > 0
        ? Math.max(1, Math.min(page - 1, lastReachable))
        : null;
  return {
    total,
    page,
    per_page: perPage,
    total_pages: totalPages,
    max_page: cap,
    has_more: next !== null,
    next_page: next,
    prev_page: prev,
  };
}
