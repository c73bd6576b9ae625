// npm run test:fleet — the service as a fleet, on real software started here on free ports:
// Postgres primary + streaming standby, a Redis Cluster (3 masters, 3 replicas), 3 production
// instances behind HAProxy. FLEET_SKIP_BUILD=1 reuses .next from an earlier build.
import { cleanupAll, installExitHandlers } from "../chaos/cleanup";
import { busyRounds } from "./busy";
import { deliveriesOnce } from "./deliveries";
import { appKilled, operatorView, redisMasterKilled, replicaStopped } from "./faults";
import { catalogSwap, exactFifty, type Row } from "./scenarios";
import { type Fleet, startFleet } from "./world";

const SCENARIOS: [string, (f: Fleet) => Promise<Row>][] = [
  ["exact-fifty", exactFifty],
  ["catalog-swap", catalogSwap],
  ["deliveries", deliveriesOnce],
  ["app-killed", appKilled],
  ["redis-master-killed", redisMasterKilled],
  ["replica-stopped", replicaStopped],
  ["operator-view", operatorView],
  ["busy", busyRounds],
];

async function main(): Promise<number> {
  installExitHandlers();
  const watchdog = setTimeout(() => {
    console.error("fleet run over 30 minutes: stopping");
    void cleanupAll().finally(() => process.exit(2));
  }, 30 * 60_000);
  watchdog.unref();
  const started = Date.now();
  const only = process.argv
    .find((a) => a.startsWith("--only="))
    ?.slice(7)
    .split(",");
  const fleet = await startFleet(process.env.FLEET_SKIP_BUILD !== "1");
  console.log(`fleet up in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  const rows: Row[] = [];
  for (const [name, run] of SCENARIOS) {
    if (only && !only.includes(name)) continue;
    const t = Date.now();
    let row: Row;
    try {
      row = await run(fleet);
    } catch (err) {
      row = { name, figures: {}, failures: [`threw: ${(err as Error).stack ?? err}`] };
    }
    rows.push(row);
    const figures = Object.entries(row.figures)
      .map(([k, v]) => `${k}=${v}`)
      .join("  ");
    console.log(
      `\n${row.failures.length ? "FAIL" : "ok  "} ${row.name} (${((Date.now() - t) / 1000).toFixed(1)} s)\n     ${figures}`,
    );
    for (const f of row.failures) console.log(`     ✗ ${f}`);
  }
  await cleanupAll();
  const failed = rows.filter((r) => r.failures.length).length;
  console.log(`\nfleet run: ${((Date.now() - started) / 1000).toFixed(1)} s; logs in ${fleet.logDir}`);
  console.log(`${rows.length - failed} passed, ${failed} failed`);
  return failed ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (err) => {
    console.error(err);
    void cleanupAll().finally(() => process.exit(1));
  },
);
