// Paging metadata and the Link header for GET /v1/jobs.
import { invalidParameter } from "../api/errors";
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
export function assertPageReachable(page: number, perPage: number): void {
  if (page > maxPage(perPage)) {
    throw invalidParameter(
      "page",
      `page: at most ${maxPage(perPage)} at per_page=${perPage} (results are capped at ${MAX_RESULT_WINDOW}); narrow the search with title or country.`,
    );
  }
}

export function pageMeta(total: number, page: number, perPage: number): PageMeta {
  const totalPages = Math.ceil(total / perPage);
  const cap = maxPage(perPage);
  const lastReachable = Math.min(totalPages, cap);
  const next = page < lastReachable ? page + 1 : null;
  // Past the end, "prev" points at the last page that has rows, not at an empty one.
  const prev = page > 1 ? Math.max(1, Math.min(page - 1, lastReachable)) : null;
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

/** RFC 8288 Link header with next/prev/first/last, keeping the caller's other parameters. */
export function linkHeader(url: URL, meta: PageMeta): Record<string, string> {
  const link = (page: number, rel: string) => {
    const u = new URL(url);
    u.searchParams.set("page", String(page));
    return `<${u.pathname}${u.search}>; rel="${rel}"`;
  };
  const last = Math.max(1, Math.min(meta.total_pages, meta.max_page));
  const links = [link(1, "first"), link(last, "last")];
  if (meta.next_page) links.unshift(link(meta.next_page, "next"));
  if (meta.prev_page) links.unshift(link(meta.prev_page, "prev"));
  return { Link: links.join(", ") };
}
