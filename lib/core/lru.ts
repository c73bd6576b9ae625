// A small least-recently-used map: Map keeps insertion order, so re-inserting on read moves an
// entry to the back and the front is always the oldest. Bounded by its number of entries, or by
// their summed `weigh` (bytes, say) when given one; the newest entry is kept whatever it weighs.
export class Lru<V> {
  private readonly map = new Map<string, V>();
  private total = 0;

  constructor(
    private readonly max: number,
    private readonly weigh: (value: V, key: string) => number = () => 1,
  ) {}

  get(key: string): V | undefined {
    const v = this.map.get(key);
    if (v !== undefined) {
      this.map.delete(key);
      this.map.set(key, v);
    }
    return v;
  }

  set(key: string, value: V): void {
    this.delete(key);
    this.map.set(key, value);
    this.total += this.weigh(value, key);
    while (this.total > this.max && this.map.size > 1) {
      const oldest = this.map.keys().next();
      if (oldest.done) break;
      this.delete(oldest.value);
    }
  }

  delete(key: string): void {
    const v = this.map.get(key);
    if (v === undefined) return;
    this.map.delete(key);
    this.total -= this.weigh(v, key);
  }

  get size(): number {
    return this.map.size;
  }

  /** The entries' summed weight (their number, without a `weigh`). */
  get weight(): number {
    return this.total;
  }
}
