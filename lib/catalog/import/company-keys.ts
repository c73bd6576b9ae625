// Company keys are four-byte hashes of the name (text-hash.ts), so two companies may share one.
// A filter rechecks the name on every row it reads, but facets count top companies by key from
// index entries alone. The load meets every job's company: it notes, per key, a second hash of
// the name, and which keys turned up with two names, for facets to tell those companies apart.
import { keyAndCheck } from "../text-hash";

export class CompanyKeys {
  private readonly checks = new Map<number, number>();
  private readonly sharedKeys = new Set<number>();

  add(company: string): void {
    const { key, check } = keyAndCheck(company);
    const seen = this.checks.get(key);
    if (seen === undefined) this.checks.set(key, check);
    else if (seen !== check) this.sharedKeys.add(key);
  }

  /** The keys more than one name had, in order. */
  shared(): number[] {
    return [...this.sharedKeys].sort((a, b) => a - b);
  }
}
