// A Postgres primary (harness/support/private-postgres.ts) and a streaming standby made from it with
// `pg_basebackup -R`, both private, on free ports. The standby is the same private server, made
// by copying the primary instead of initdb; it is stopped, started and killed by the pid of the
// postmaster it started.
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import pg from "pg";
import { PrivatePostgres } from "../support/private-postgres";

const BIN = "/usr/lib/postgresql/15/bin";
const run = promisify(execFile);

export class PrivateStandby extends PrivatePostgres {
  protected override readonly role = "standby";

  constructor(
    port: number,
    private readonly primaryPort: number,
    database: string,
    readonly applyDelayMs = 0,
  ) {
    super(port, database, "/tmp/private-pg-standby-");
  }

  // -R writes primary_conninfo and standby.signal: the copy starts as a streaming standby.
  protected override async prepare(asPostgres: { uid: number; gid: number; cwd: string }): Promise<void> {
    await run(
      `${BIN}/pg_basebackup`,
      [
        ...["-h", "127.0.0.1", "-p", String(this.primaryPort), "-U", "postgres"],
        ...["-D", this.dataDir, "-R", "-X", "stream", "-c", "fast", "--no-sync"],
      ],
      asPostgres,
    );
  }

  protected override settings(): string[] {
    return [
      ...["-c", "listen_addresses=127.0.0.1", "-c", "hot_standby=on", "-c", "fsync=off"],
      // A replica that is really behind: it replays each commit this long after the primary.
      ...["-c", `recovery_min_apply_delay=${this.applyDelayMs}ms`],
    ];
  }

  /** Up as a standby: answering, and in recovery. */
  protected override ready(): Promise<boolean> {
    return this.answers(
      "SELECT pg_is_in_recovery() AS r",
      (rows) => (rows[0] as { r?: boolean })?.r === true,
    );
  }

  /** The live snapshot the standby has replayed (null before the first import reaches it). */
  async liveSnapshot(): Promise<number | null> {
    const client = new pg.Client({ connectionString: this.url, connectionTimeoutMillis: 1_000 });
    client.on("error", () => {});
    try {
      await client.connect();
      const { rows } = await client.query<{ id: number }>(
        "SELECT snapshot_id AS id FROM catalog_live WHERE id = 1",
      );
      return rows[0]?.id ?? null;
    } catch {
      return null;
    } finally {
      await client.end().catch(() => {});
    }
  }
}
