// Busy loops that keep every core of the machine occupied while a scenario or test runs, as
// other work on a shared host would: quota exactness must not depend on a quiet machine. Started
// and stopped by their user, by pid; each also ends by itself once its parent is gone.
import { type ChildProcess, spawn } from "node:child_process";
import { availableParallelism } from "node:os";

/**
 * A busy loop that ends once its parent is gone (its parent pid changes), so a burner outlives
 * no run that was killed before it could stop it.
 */
const ORPHAN_EXITS =
  "const p = process.ppid; for (let i = 0; ; i++) if ((i & 0xffffff) === 0 && process.ppid !== p) process.exit(0);";

export class CpuBurner {
  private procs: ChildProcess[] = [];

  /** One busy loop per core (niceness 0: they compete with the fleet as equals). */
  start(n = availableParallelism()): void {
    for (let i = 0; i < n; i++) {
      const proc = spawn(process.execPath, ["-e", ORPHAN_EXITS], { stdio: "ignore" });
      this.procs.push(proc);
    }
  }

  get pids(): number[] {
    return this.procs.flatMap((p) => (p.pid ? [p.pid] : []));
  }

  private stopOne(proc: ChildProcess): void {
    if (proc.exitCode === null && proc.signalCode === null) proc.kill("SIGKILL");
  }

  stop(): void {
    for (const p of this.procs) this.stopOne(p);
    this.procs = [];
  }
}
