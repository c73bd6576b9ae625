// The pool of an import's worker threads (each runs worker-thread.ts): validation and COPY
// encoding on the machine's other cores while the loader's thread reads the jobs, gives out
// title ids and writes to COPY.
// Batches go round-robin and each worker answers in order, so results come back in the order
// they were sent; the COPY text arrives as bytes handed over, not copied.
import { availableParallelism } from "node:os";
import { Worker } from "node:worker_threads";
import type { BuiltWords } from "./built-words";
import type { BatchChanges, BatchItem, BatchTotals, EncodedBatch, ImportSeen } from "./job-batch";

export type WorkerReply =
  | {
      id: number;
      jobs: number;
      problems: EncodedBatch["problems"];
      bytes: Uint8Array;
      changes?: BatchChanges;
    }
  | { id: number; totals: BatchTotals }
  | { id: number; error: string };

/**
 * Worker threads worth starting here: the cores beyond the loader's thread and the Postgres
 * backend its COPY keeps busy, at most two. On 2 cores the three share two, and handing batches
 * over costs more than it saves (1M demo jobs: 78,000/s in one thread, 69,000/s with a worker).
 */
export function defaultWorkerCount(): number {
  return Math.max(0, Math.min(2, availableParallelism() - 2));
}

// A worker has its own heap (the command line's heap flags are not for it: it refuses them) and
// holds a couple of batches at a time; this bounds what a runaway one could take.
const WORKER_HEAP_MB = 128;

export class EncoderPool {
  private readonly workers: Worker[];
  private readonly waiting = new Map<
    number,
    { resolve: (r: WorkerReply) => void; reject: (e: Error) => void }
  >();
  private nextId = 0;
  private failure: Error | undefined;

  constructor(count: number, snapshotId: number, seen: ImportSeen) {
    this.workers = Array.from({ length: count }, () => {
      const worker = new Worker(new URL("./worker-entry.mjs", import.meta.url), {
        workerData: { snapshotId, seen },
        execArgv: [],
        resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB },
      });
      worker.on("message", (reply: WorkerReply) => {
        const waiter = this.waiting.get(reply.id);
        this.waiting.delete(reply.id);
        if ("error" in reply) waiter?.reject(new Error(reply.error));
        else waiter?.resolve(reply);
      });
      worker.on("error", (err) => this.fail(err));
      worker.on("exit", (code) => this.fail(new Error(`an import worker stopped (exit code ${code})`)));
      return worker;
    });
  }

  private fail(err: Error) {
    this.failure ??= err;
    for (const waiter of this.waiting.values()) waiter.reject(this.failure);
    this.waiting.clear();
  }

  private ask(worker: Worker, message: object): Promise<WorkerReply> {
    if (this.failure) return Promise.reject(this.failure);
    const id = this.nextId++;
    const reply = new Promise<WorkerReply>((resolve, reject) => this.waiting.set(id, { resolve, reject }));
    worker.postMessage({ id, ...message });
    return reply;
  }

  async encode(items: BatchItem[], words?: BuiltWords): Promise<EncodedBatch> {
    const worker = this.workers[this.nextId % this.workers.length] as Worker;
    const reply = await this.ask(worker, {
      items,
      words: words && { buffer: words.buffer, spans: words.spans },
    });
    if (!("bytes" in reply)) throw new Error("an import worker answered out of turn");
    return { bytes: reply.bytes, jobs: reply.jobs, problems: reply.problems, changes: reply.changes };
  }

  /** Every worker's counts, once all batches are answered. */
  async totals(): Promise<BatchTotals[]> {
    const replies = await Promise.all(this.workers.map((w) => this.ask(w, { totals: true })));
    // A worker's counts missing would undercount its jobs: word counts must stay upper bounds.
    return replies.map((r) => {
      if (!("totals" in r)) throw new Error("an import worker answered out of turn");
      return r.totals;
    });
  }

  async close(): Promise<void> {
    this.failure ??= new Error("the import's workers were closed");
    await Promise.all(this.workers.map((w) => w.terminate()));
  }
}
