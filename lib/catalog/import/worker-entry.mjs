// The entry of an import's worker thread (worker-pool.ts): a worker does not inherit the loader
// that runs TypeScript, so it registers tsx's before it imports worker-thread.ts.
import { register } from "tsx/esm/api";

register();
await import("./worker-thread.ts");
