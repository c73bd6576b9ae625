// One worker thread of an import (worker-pool.ts starts them, through worker-entry.mjs):
// validates and encodes the batches it is sent, and hands the COPY text back in a buffer it
// gives up (moved, not copied).
import { parentPort, workerData } from "node:worker_threads";
import { BuiltWords } from "./built-words";
import { type BatchItem, type ImportSeen, JobBatchEncoder } from "./job-batch";

const port = parentPort;
if (!port) throw new Error("worker-thread.ts runs as a worker thread");
const data = workerData as { snapshotId: number; seen: ImportSeen };
const encoder = new JobBatchEncoder(data.snapshotId, "text", data.seen);

type Message = {
  id: number;
  items?: BatchItem[];
  words?: { buffer: Uint8Array; spans: Int32Array };
  totals?: true;
};

port.on("message", (msg: Message) => {
  try {
    if (msg.totals) port.postMessage({ id: msg.id, totals: encoder.totals() });
    else {
      const {
        bytes = new Uint8Array(),
        jobs,
        problems,
        changes,
      } = encoder.encode(msg.items ?? [], msg.words && new BuiltWords(msg.words.buffer, msg.words.spans));
      port.postMessage({ id: msg.id, jobs, problems, bytes, changes }, [bytes.buffer as ArrayBuffer]);
    }
  } catch (err) {
    port.postMessage({ id: msg.id, error: (err as Error).message });
  }
});
