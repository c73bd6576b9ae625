// An embedded database (PGlite behind the one-client gate) on a data directory of its own,
// migrated, for a test file: started before its tests, closed and deleted after.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll } from "vitest";
import { migrate } from "@/lib/core/migrate";
import { type EmbeddedPostgres, startEmbeddedPostgres } from "@/lib/embedded/postgres";

// Set by the hooks embeddedDatabase() registers; read inside tests only.
export let dataRoot: string;
export let embedded: EmbeddedPostgres;

/** Registers the file's hooks: the database started and migrated before its tests, gone after. */
export function embeddedDatabase(): void {
  beforeAll(async () => {
    dataRoot = await mkdtemp(path.join(tmpdir(), "jsa-embedded-"));
    embedded = await startEmbeddedPostgres(dataRoot, "server");
    await migrate(embedded.url);
  });

  afterAll(async () => {
    try {
      await embedded?.close();
    } finally {
      if (dataRoot) await rm(dataRoot, { recursive: true, force: true });
    }
  });
}

/** A client of the embedded database: it holds the one session until it ends. */
export async function connect(): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: embedded.url });
  await client.connect();
  return client;
}
