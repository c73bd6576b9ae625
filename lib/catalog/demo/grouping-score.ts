// How well an import's duplicate groups match the demo's labels: pairwise precision (of the pairs
// put in one group, the share that are one job) and recall (of the pairs that are one job, the
// share put in one group).

const pairs = (n: number) => (n * (n - 1)) / 2;

export type GroupingScore = { precision: number; recall: number; truePairs: number; foundPairs: number };

/** `truth` and `found`: each job's group, as the id of a member both maps agree on. */
export function scoreGrouping(truth: Map<string, string>, found: Map<string, string>): GroupingScore {
  const sizes = (m: Map<string, string>) => {
    const out = new Map<string, number>();
    for (const g of m.values()) out.set(g, (out.get(g) ?? 0) + 1);
    return out;
  };
  const both = new Map<string, number>();
  for (const [id, t] of truth) {
    const f = found.get(id) ?? id;
    const key = `${t}\u0000${f}`;
    both.set(key, (both.get(key) ?? 0) + 1);
  }
  const sum = (m: Map<string, number>) => [...m.values()].reduce((s, n) => s + pairs(n), 0);
  const hit = sum(both);
  const truePairs = sum(sizes(truth));
  const foundPairs = sum(sizes(found));
  return {
    precision: foundPairs === 0 ? 1 : hit / foundPairs,
    recall: truePairs === 0 ? 1 : hit / truePairs,
    truePairs,
    foundPairs,
  };
}
