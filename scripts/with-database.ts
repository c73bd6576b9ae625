// For the CLI scripts: run with the database `npm run dev` would use (see lib/embedded/open.ts),
// and stop the embedded server afterwards if this process had to start it.
import { type OpenedDatabase, openDatabase } from "../lib/embedded/open";

export async function withDatabase<T>(fn: (database: OpenedDatabase) => Promise<T>): Promise<T> {
  const database = await openDatabase("cli");
  // Interrupted: close an embedded database this command serves, so its files stay consistent.
  for (const [signal, code] of [
    ["SIGINT", 130],
    ["SIGTERM", 143],
  ] as const) {
    process.on(signal, () => void database.close().finally(() => process.exit(code)));
  }
  try {
    return await fn(database);
  } finally {
    await database.close();
  }
}
