// A bounded queue of lines waiting for their write. Past its bound it drops the oldest lines
// and counts them: a log must never make the process grow while Postgres is away.

export class LineBuffer<T> {
  private lines: T[] = [];
  private droppedCount = 0;

  constructor(readonly capacity: number) {}

  push(line: T): void {
    this.lines.push(line);
    // Dropped in chunks, so that a full buffer costs an occasional splice, not one per line.
    if (this.lines.length > this.capacity) {
      const over = this.lines.length - this.capacity + Math.ceil(this.capacity / 10);
      this.lines.splice(0, over);
      this.droppedCount += over;
    }
  }

  /** The oldest lines, at most `n`, taken out of the queue. */
  take(n: number): T[] {
    return this.lines.splice(0, n);
  }

  /** Lines whose write failed go back in front, within the bound (the rest are dropped). */
  putBack(lines: T[]): void {
    const room = Math.max(0, this.capacity - this.lines.length);
    const kept = lines.slice(Math.max(0, lines.length - room));
    this.droppedCount += lines.length - kept.length;
    this.lines.unshift(...kept);
  }

  get size(): number {
    return this.lines.length;
  }

  /** Lines dropped since the buffer was made. */
  get dropped(): number {
    return this.droppedCount;
  }
}
