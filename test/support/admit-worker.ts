// Child process for the two-process test: N parallel admissions for one key, fired at an
// agreed moment so both processes' bursts overlap; prints how many were admitted.
import { hashOf } from "../../lib/keys/store";
import { consume } from "../../lib/quota/admission";
import { flushUsage } from "../../lib/quota/usage-buffer";
import { redis } from "../../lib/redis/client";

const [key, n, startAt] = [process.argv[2]!, Number(process.argv[3]), Number(process.argv[4])];
await redis()?.ping(); // connect before the start line, not during the burst
await new Promise((r) => setTimeout(r, Math.max(0, startAt - Date.now())));
const results = await Promise.all(Array.from({ length: n }, () => consume(hashOf(key), new Date())));
await flushUsage();
console.log(results.filter((r) => r.ok).length);
process.exit(0);
