// npm run dev — chooses the database (see lib/embedded/open.ts: DATABASE_URL, else a local
// Postgres, else the embedded PGlite), prepares it (create, migrate, seed a demo catalog when it is empty), starts the mail
// sink and then serves the app in development mode behind the same HTTP server as `npm start`
// (lib/api/serve.ts), saying which backends are in use.
import pg from "pg";
import { startMailSink } from "../harness/support/mail-sink";
import { serveApp } from "../lib/api/serve";
import { importDemo } from "../lib/catalog/demo/import-demo";
import { env } from "../lib/core/env";
import { ensureDatabase, migrate } from "../lib/core/migrate";
import { type OpenedDatabase, openDatabase } from "../lib/embedded/open";
import { describeQuotaBackend } from "../lib/redis/client";
import { endProgress, progressPrinter } from "./progress";

const DEMO_JOBS = 20_000;

async function catalogIsEmpty(databaseUrl: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: databaseUrl });
  client.on("error", () => {}); // a lost connection fails the query instead of crashing
  await client.connect();
  try {
    const { rowCount } = await client.query("SELECT 1 FROM catalog_live");
    return rowCount === 0;
  } finally {
    await client.end();
  }
}

/** Migrates, seeds an empty catalog, starts the mail sink; says what it did. */
async function prepare(database: OpenedDatabase) {
  const { DATABASE_URL } = env();
  console.log(`database: ${database.description}`);
  console.log(`quotas: ${describeQuotaBackend()}`);
  if (database.kind !== "embedded" && (await ensureDatabase(DATABASE_URL)))
    console.log("created the database");
  const applied = await migrate(DATABASE_URL);
  if (applied.length) console.log(`applied migrations: ${applied.join(", ")}`);
  if (await catalogIsEmpty(DATABASE_URL)) {
    const result = await importDemo(
      DATABASE_URL,
      { jobs: DEMO_JOBS },
      progressPrinter("seeding demo catalog"),
    );
    endProgress();
    console.log(
      `seeded demo snapshot ${result.snapshotId}: ${result.jobs} jobs, ${result.salaries} salary medians`,
    );
  }
  const { SMTP_URL, MAILDEV_WEB_PORT } = env();
  const smtp = new URL(SMTP_URL);
  if (["127.0.0.1", "localhost"].includes(smtp.hostname)) {
    try {
      const sink = await startMailSink(Number(smtp.port || 25), MAILDEV_WEB_PORT);
      console.log(
        `mail sink: e-mails sent by the app appear at ${sink.webUrl.replace("127.0.0.1", "localhost")}`,
      );
    } catch (err) {
      console.log(
        `mail sink not started (${(err as Error).message}); is one already running on ${smtp.port}?`,
      );
    }
  }
}

async function main() {
  // Every way out closes the embedded database cleanly, Ctrl-C while it is being created or
  // seeded included, so its files are consistent for the next start.
  let database: OpenedDatabase | undefined;
  let serving = false; // from then on the server's own handlers drain, flush and close
  let stopping = false;
  const stop = (code: number) => {
    if (!database && stopping) process.exit(code); // a second Ctrl-C while still opening
    stopping = true;
    if (database) void database.close().finally(() => process.exit(code));
    else console.error("stopping once the database is open (Ctrl-C again to quit at once)");
  };
  for (const [signal, code] of [
    ["SIGINT", 130],
    ["SIGTERM", 143],
  ] as const) {
    process.on(signal, () => {
      if (!serving) stop(code);
    });
  }
  database = await openDatabase("server");
  if (stopping) return stop(130); // interrupted while opening: close what was opened
  try {
    await prepare(database);
  } catch (err) {
    endProgress();
    if (!stopping) console.error((err as Error).message); // else: interrupted, as asked
    return stop(1);
  }
  if (stopping) return;
  serving = true;
  await serveApp({ dev: true, database });
}

main().catch((err) => {
  console.error((err as Error).message);
  process.exit(1);
});
