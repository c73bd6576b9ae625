// A small least-recently-used map: Map keeps insertion order, so re-inserting on read moves an
// entry to the back and the front is always the oldest.
export class Lru<V> {
  private readonly map = new Map<string, V>();

  constructor(private readonly max: number) {}

  get(key: string): V | undefined {
    const v = this.map.get(key);
    if (v !== undefined) {
      this.map.delete(key);
      this.map.set(key, v);
    }
    return v;
  }

  set(key: string, value: V): void {
    this.map.delete(key);
    this.map.set(key, value);
    if (this.map.size <= this.max) return;
    const oldest = this.map.keys().next();
    if (!oldest.done) this.map.delete(oldest.value);
  }

  delete(key: string): void {
    this.map.delete(key);
  }

  get size(): number {
    return this.map.size;
  }
}
