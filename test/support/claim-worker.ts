// One claimant in the multi-process claim test: waits for the agreed start time, claims the
// directory, prints "won" or "lost", and holds a win for a while so others would overlap it.
import { ClaimedElsewhere, claim, release } from "@/lib/embedded/claim";

const [dir, startAt] = process.argv.slice(2);
await new Promise((r) => setTimeout(r, Math.max(0, Number(startAt) - Date.now())));
try {
  await claim(dir!, "cli");
  console.log("won");
  await new Promise((r) => setTimeout(r, 1_500));
  await release(dir!);
} catch (err) {
  if (!(err instanceof ClaimedElsewhere)) throw err;
  console.log("lost");
}
