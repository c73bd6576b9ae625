// The server's resident memory, read from /proc/<pid>/status (VmRSS), sampled every 200 ms so
// a short spike (a large body being buffered) is seen.
import { readFileSync } from "node:fs";

export function rssMb(pid: number | undefined): number | undefined {
  if (!pid) return undefined;
  try {
    const m = /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
    return m?.[1] ? Math.round(Number(m[1]) / 1024) : undefined;
  } catch {
    return undefined; // exited
  }
}

export class RssSampler {
  private timer?: NodeJS.Timeout;
  peakMb = 0;
  firstMb?: number;
  lastMb?: number;

  /** `pid` is asked at every sample: the server may be restarted during a scenario. */
  constructor(
    private readonly pid: () => number | undefined,
    private readonly everyMs = 200,
  ) {}

  start(): this {
    this.sample();
    this.firstMb = this.lastMb;
    this.timer = setInterval(() => this.sample(), this.everyMs);
    this.timer.unref();
    return this;
  }

  stop(): number {
    clearInterval(this.timer);
    this.sample();
    return this.peakMb;
  }

  private sample(): void {
    const mb = rssMb(this.pid());
    if (mb === undefined) return;
    this.lastMb = mb;
    this.peakMb = Math.max(this.peakMb, mb);
  }
}
