// Exactness on a busy machine: the exact-fifty and SIGKILL scenarios, FLEET_BUSY_ROUNDS times in
// a row (10 unless set), while one busy loop per core competes with the fleet for the CPU.

import { onCleanup } from "../chaos/cleanup";
import { CpuBurner } from "../support/cpu-burner";
import { appKilled } from "./faults";
import { exactFifty, type Row } from "./scenarios";
import type { Fleet } from "./world";

const ROUNDS = Number(process.env.FLEET_BUSY_ROUNDS ?? 10);

export async function busyRounds(f: Fleet): Promise<Row> {
  const failures: string[] = [];
  const figures: Record<string, string | number> = {};
  const burner = new CpuBurner();
  burner.start();
  onCleanup(
    "cpu burners",
    async () => burner.stop(),
    () => burner.stop(),
  );
  figures.burners = burner.pids.length;
  let unavailable = 0;
  try {
    for (let n = 1; n <= ROUNDS; n++) {
      for (const run of [exactFifty, appKilled]) {
        const row = await run(f);
        const statuses = String(row.figures.statuses ?? "");
        unavailable += Number(/503[^0-9]*?(\d+)/.exec(statuses)?.[1] ?? 0);
        figures[`${n}: ${row.name}`] = JSON.stringify(row.figures);
        for (const failure of row.failures) failures.push(`round ${n}, ${row.name}: ${failure}`);
      }
    }
  } finally {
    burner.stop();
  }
  figures.rounds = ROUNDS;
  figures["503s"] = unavailable;
  return { name: `exact-fifty and app-killed × ${ROUNDS}, every core busy`, figures, failures };
}
