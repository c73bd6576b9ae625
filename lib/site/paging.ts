// Page numbers for the site's pager: the first and last page, the current one and its
// neighbours, with gaps between, so a deep result set never prints hundreds of links.
export type PagerItem = number | "gap";

export function pageWindow(current: number, last: number, around = 1): PagerItem[] {
  if (last < 1) return [];
  const shown = new Set([1, last]);
  for (let p = current - around; p <= current + around; p++) if (p >= 1 && p <= last) shown.add(p);
  const sorted = [...shown].sort((a, b) => a - b);
  const out: PagerItem[] = [];
  for (const p of sorted) {
    const prev = out.at(-1);
    // A gap of one page is shown as that page: "1 2 3", never "1 … 3".
    if (typeof prev === "number" && p - prev === 2) out.push(prev + 1);
    else if (typeof prev === "number" && p - prev > 2) out.push("gap");
    out.push(p);
  }
  return out;
}
