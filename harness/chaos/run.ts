// npm run test:chaos — fault injection against a production build on private infrastructure:
// its own Postgres cluster, Redis and mail sink on free ports (the machine's shared 5432 and
// 6379 are never used), faults injected by pid, one row per scenario, a table at the end.
//   npm run test:chaos                      build, then every scenario
//   CHAOS_SKIP_BUILD=1 npm run test:chaos -- --only redis-killed,malformed
import { parseArgs } from "node:util";
import { cleanupAll, installExitHandlers } from "./cleanup";
import { markdownTable, printRow, type Row, tally } from "./report";
import type { Scenario } from "./scenario";
import { SCENARIOS } from "./scenarios/index";
import { startWorld, type World } from "./world";

/** Past this the run is stopped, whatever it is doing: nothing may be left running for long. */
const WATCHDOG_MS = 15 * 60_000;

function chosen(): Scenario[] {
  const { values } = parseArgs({ options: { only: { type: "string" } } });
  if (!values.only) return SCENARIOS;
  const names = values.only.split(",").map((s) => s.trim());
  const unknown = names.filter((n) => !SCENARIOS.some((s) => s.name === n));
  if (unknown.length) {
    throw new Error(
      `unknown scenario ${unknown.join(", ")}; known: ${SCENARIOS.map((s) => s.name).join(", ")}`,
    );
  }
  return SCENARIOS.filter((s) => names.includes(s.name));
}

async function runOne(w: World, s: Scenario): Promise<Row> {
  const restored = await w.restore();
  if (s.fresh) await w.server.restart();
  const started = Date.now();
  console.log(`\n=== ${s.name}${s.fresh ? " (fresh server)" : ""}`);
  let row: Row;
  try {
    row = await s.run(w);
  } catch (err) {
    row = tally(s.name, []);
    row.failures.push(`harness: ${(err as Error).message}`);
  }
  if (restored.length) row.notes.push(`restored before it: ${restored.join(", ")}`);
  row.notes.push(`took ${((Date.now() - started) / 1000).toFixed(1)} s; server log ${w.server.logFile}`);
  printRow(row);
  return row;
}

async function main(): Promise<number> {
  installExitHandlers();
  const scenarios = chosen();
  const started = Date.now();
  const watchdog = setTimeout(() => {
    console.error(`chaos run exceeded ${WATCHDOG_MS / 60_000} min; stopping`);
    void cleanupAll().finally(() => process.exit(2));
  }, WATCHDOG_MS);
  watchdog.unref();
  const rows: Row[] = [];
  try {
    const w = await startWorld(process.env.CHAOS_SKIP_BUILD !== "1");
    console.log(`ready after ${((Date.now() - started) / 1000).toFixed(1)} s`);
    for (const s of scenarios) rows.push(await runOne(w, s));
  } finally {
    await cleanupAll();
  }
  const failed = rows.filter((r) => r.failures.length).length;
  console.log(`\n${markdownTable(rows)}\n`);
  console.log(`total ${((Date.now() - started) / 1000).toFixed(0)} s`);
  console.log(`${rows.length - failed} passed, ${failed} failed`);
  return failed ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (err: Error) => {
    console.error(`chaos run failed: ${err.stack ?? err.message}`);
    void cleanupAll().finally(() => process.exit(1));
  },
);
