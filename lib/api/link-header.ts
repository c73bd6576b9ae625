// The RFC 8288 Link header of paged responses.
import type { PageMeta } from "../catalog/paging";

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

/** A cursor-paged response's Link header: rel="next" with `since` set, while there is more. */
export function cursorLinkHeader(
  url: URL,
  next: string,
  hasMore: boolean,
): Record<string, string> | undefined {
  if (!hasMore) return undefined;
  const u = new URL(url);
  u.searchParams.set("since", next);
  return { Link: `<${u.pathname}${u.search}>; rel="next"` };
}
