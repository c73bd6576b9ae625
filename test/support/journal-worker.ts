// Child process for the usage journal tests: an app instance that admits N requests for one key
// on Redis, refunds R of them, says so on stdout (one JSON line) and then waits to be killed,
// with its usage never flushed (its parent sets USAGE_FLUSH_MS far beyond its life).
import { hashOf } from "../../lib/keys/store";
import { consume, refund } from "../../lib/quota/admission";
import { usageInstance } from "../../lib/quota/usage-buffer";

const [key, n, refunds] = [process.argv[2]!, Number(process.argv[3]), Number(process.argv[4] ?? 0)];
const hash = hashOf(key);
let admitted = 0;
let refunded = 0;
for (let i = 0; i < n; i++) {
  const r = await consume(hash, new Date());
  if (!r.ok) continue;
  admitted++;
  if (refunded < refunds) {
    await refund(r.charge);
    refunded++;
  }
}
console.log(JSON.stringify({ admitted, refunded, instance: usageInstance() }));
setInterval(() => {}, 60_000); // alive until SIGKILL
