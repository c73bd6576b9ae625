// Child process for the two-process test: N parallel admissions for one key; prints how many passed.
import { hashOf } from "../../lib/keys/store";
import { consume } from "../../lib/quota/consume";
import { flushUsage } from "../../lib/quota/usage-buffer";

const [key, n] = [process.argv[2]!, Number(process.argv[3])];
const results = await Promise.all(Array.from({ length: n }, () => consume(hashOf(key), new Date())));
await flushUsage();
console.log(results.filter((r) => r.ok).length);
process.exit(0);
