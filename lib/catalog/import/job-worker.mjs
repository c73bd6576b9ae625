// The entry of an import's worker thread (job-workers.ts): a worker does not inherit the loader
// that runs TypeScript, so it registers tsx's before it imports job-worker.ts.
import { register } from "tsx/esm/api";

register();
await import("./job-worker.ts");
