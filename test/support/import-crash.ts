// A catalog import whose process dies (SIGKILL, as the kernel kills one out of memory) while it
// reads the jobs: run by import-limits.test.ts, which then looks at what it left behind.
import { importSnapshot } from "../../lib/catalog/import/load";

async function* jobs() {
  for (let i = 1; i <= 3_000; i++)
    yield {
      line: i,
      record: { id: `crash-${i}`, title: "Baker", company: "Crumb", country: "DE", posted_at: "2026-11-01" },
    };
  process.kill(process.pid, "SIGKILL");
  await new Promise(() => {}); // never reached
}

await importSnapshot(process.env.DATABASE_URL as string, { label: "dies while loading", jobs: jobs() });
