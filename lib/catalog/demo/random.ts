// Seeded random streams for the demo catalog: each stream is independent, so a new field can
// draw from its own without moving any value an older stream gives.
import { itemAt } from "../../core/arrays";

export type Rng = {
  next: () => number;
  int: (n: number) => number;
  pick: <T>(xs: readonly T[]) => T;
  /** An index below n, index k drawn about 1/(k+1) as often as index 0: a Zipf-like pick. */
  zipf: (n: number) => number;
  /** Zipf-like pick from a list whose most common items come first. */
  common: <T>(xs: readonly T[]) => T;
};

/** mulberry32: small, fast and good enough for demo data. */
export function rng(seed: number): Rng {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  const pick = <T>(xs: readonly T[]): T => itemAt(xs, int(xs.length));
  // Log-uniform over 1..n+1: the density falls as 1/x, which is Zipf's law with exponent 1.
  const zipf = (n: number) => Math.min(n - 1, Math.floor(Math.exp(next() * Math.log(n + 1))) - 1);
  const common = <T>(xs: readonly T[]): T => itemAt(xs, zipf(xs.length));
  return { next, int, pick, zipf, common };
}
