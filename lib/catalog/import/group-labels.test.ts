import { describe, expect, it } from "vitest";
import { componentLabels } from "./group-labels";

/** The labels the SQL rounds gave: each rank takes the smallest rank it reaches by edges. */
function reference(n: number, edges: [number, number][]): number[] {
  const label = Array.from({ length: n + 1 }, (_, i) => i);
  for (let moved = true; moved; ) {
    moved = false;
    for (const [a, b] of edges) {
      const best = Math.min(label[a] as number, label[b] as number);
      if (label[a] !== best || label[b] !== best) {
        label[a] = best;
        label[b] = best;
        moved = true;
      }
    }
  }
  return label;
}

describe("componentLabels", () => {
  it("labels each rank with the best rank of its component, whichever way the edges point", () => {
    // 1-4-6 chained through the worst rank, 2-3, 5 alone, 7-8 given backwards.
    const labels = componentLabels(8, [6, 3, 8, 4], [4, 2, 7, 1]);
    expect(Array.from(labels).slice(1)).toEqual([1, 2, 2, 1, 5, 1, 7, 7]);
  });

  it("leaves ranks without edges as their own label", () => {
    expect(Array.from(componentLabels(3, [], [])).slice(1)).toEqual([1, 2, 3]);
  });

  it("gives the labels of repeated spreading on random graphs, stars and long chains", () => {
    let seed = 7;
    const next = (m: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return 1 + (seed % m);
    };
    for (let round = 0; round < 50; round++) {
      const n = 2 + next(200);
      const edges: [number, number][] = [];
      for (let e = next(n); e > 0; e--) edges.push([next(n), next(n)]);
      // A star on a bad rank and a chain built from its far end.
      for (let k = 1; k < 6; k++) edges.push([n, next(n)]);
      for (let k = n; k > n - 10 && k > 1; k--) edges.push([k, k - 1]);
      const got = componentLabels(
        n,
        edges.map((e) => e[0]),
        edges.map((e) => e[1]),
      );
      expect(Array.from(got).slice(1)).toEqual(reference(n, edges).slice(1));
    }
  });
});
