// A Postgres primary (test/support/private-postgres.ts) and a streaming standby made from it with
// `pg_basebackup -R`, both private, on free ports. The standby is stopped, started and killed by
// the pid of the postmaster this class started.
import { type ChildProcess, execFile, execFileSync, spawn } from "node:child_process";
import { once } from "node:events";
import { chownSync, mkdtempSync, openSync, readFileSync, rmSync } from "node:fs";
import { setTimeout as sleep } from "node:timers/promises";
import { promisify } from "node:util";
import pg from "pg";

const BIN = "/usr/lib/postgresql/15/bin";
const run = promisify(execFile);

export class PrivateStandby {
  readonly dir: string;
  private readonly dataDir: string;
  private readonly logFile: string;
  private readonly uid: number;
  private readonly gid: number;
  private proc?: ChildProcess;
  private copied = false;

  constructor(
    readonly port: number,
    private readonly primaryPort: number,
    readonly database: string,
    readonly applyDelayMs = 0,
  ) {
    this.uid = Number(execFileSync("id", ["-u", "postgres"], { encoding: "utf8" }).trim());
    this.gid = Number(execFileSync("id", ["-g", "postgres"], { encoding: "utf8" }).trim());
    this.dir = mkdtempSync("/tmp/private-pg-standby-");
    chownSync(this.dir, this.uid, this.gid);
    this.dataDir = `${this.dir}/data`;
    this.logFile = `${this.dir}/postgres.log`;
  }

  get url(): string {
    return `postgresql://postgres@127.0.0.1:${this.port}/${this.database}`;
  }

  get pid(): number | undefined {
    return this.proc && this.proc.exitCode === null && this.proc.signalCode === null
      ? this.proc.pid
      : undefined;
  }

  async start(): Promise<void> {
    if (this.pid) return;
    const asPostgres = { uid: this.uid, gid: this.gid, cwd: this.dir };
    if (!this.copied) {
      // -R writes primary_conninfo and standby.signal: the copy starts as a streaming standby.
      await run(
        `${BIN}/pg_basebackup`,
        [
          ...["-h", "127.0.0.1", "-p", String(this.primaryPort), "-U", "postgres"],
          ...["-D", this.dataDir, "-R", "-X", "stream", "-c", "fast", "--no-sync"],
        ],
        asPostgres,
      );
      this.copied = true;
    }
    const log = openSync(this.logFile, "a");
    chownSync(this.logFile, this.uid, this.gid);
    this.proc = spawn(
      `${BIN}/postgres`,
      [
        ...["-D", this.dataDir, "-p", String(this.port), "-k", this.dir],
        ...["-c", "listen_addresses=127.0.0.1", "-c", "hot_standby=on", "-c", "fsync=off"],
        // A replica that is really behind: it replays each commit this long after the primary.
        ...["-c", `recovery_min_apply_delay=${this.applyDelayMs}ms`],
      ],
      { ...asPostgres, stdio: ["ignore", log, log], detached: true },
    );
    const deadline = Date.now() + 30_000;
    while (Date.now() < deadline) {
      if (!this.pid) throw new Error(`standby exited at start:\n${this.logTail()}`);
      if (await this.inRecovery()) return;
      await sleep(100);
    }
    throw new Error(`standby did not accept connections on ${this.port} within 30 s:\n${this.logTail()}`);
  }

  /** pg_ctl stop -m fast, waited for. */
  async stop(): Promise<void> {
    const proc = this.proc;
    if (!proc || !this.pid) return;
    const exited = once(proc, "exit");
    await run(`${BIN}/pg_ctl`, ["stop", "-D", this.dataDir, "-m", "fast", "-w", "-t", "15"], {
      uid: this.uid,
      gid: this.gid,
      cwd: this.dir,
    }).catch(() => proc.kill("SIGQUIT"));
    await exited;
  }

  async destroy(): Promise<void> {
    await this.stop().catch(() => this.killNow());
    rmSync(this.dir, { recursive: true, force: true });
  }

  killNow(): void {
    if (this.pid) this.proc?.kill("SIGQUIT");
    rmSync(this.dir, { recursive: true, force: true });
  }

  logTail(lines = 20): string {
    try {
      return readFileSync(this.logFile, "utf8").trimEnd().split("\n").slice(-lines).join("\n");
    } catch {
      return "(no log)";
    }
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

  private async inRecovery(): Promise<boolean> {
    const client = new pg.Client({
      connectionString: this.url.replace(/\/[^/]*$/, "/postgres"),
      connectionTimeoutMillis: 1_000,
    });
    client.on("error", () => {});
    try {
      await client.connect();
      const { rows } = await client.query<{ r: boolean }>("SELECT pg_is_in_recovery() AS r");
      return rows[0]?.r === true;
    } catch {
      return false;
    } finally {
      await client.end().catch(() => {});
    }
  }
}
