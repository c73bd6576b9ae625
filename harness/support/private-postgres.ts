// A private PostgreSQL 15 cluster on a port of our choosing, for tests that stop, freeze or
// restart the database. The machine's own server on 5432 is shared with CI and is never touched:
// everything here acts on the pid of the postmaster this class started, and its children.
import { type ChildProcess, execFile, execFileSync, spawn } from "node:child_process";
import { once } from "node:events";
import { chownSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { setTimeout as sleep } from "node:timers/promises";
import { promisify } from "node:util";
import pg from "pg";

const BIN = "/usr/lib/postgresql/15/bin";
const run = promisify(execFile);

/** Pids of every descendant of `root` (backends, checkpointer, walwriter, ...), from /proc. */
export function descendants(root: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      // The command name may contain spaces and parentheses: the fields start after the last ")".
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      const list = children.get(ppid) ?? [];
      list.push(Number(entry));
      children.set(ppid, list);
    } catch {
      // the process exited while we were listing
    }
  }
  const out: number[] = [];
  const queue = [root];
  for (let pid = queue.shift(); pid !== undefined; pid = queue.shift()) {
    for (const child of children.get(pid) ?? []) {
      out.push(child);
      queue.push(child);
    }
  }
  return out;
}

function signal(pid: number, sig: NodeJS.Signals): void {
  try {
    process.kill(pid, sig);
  } catch {
    // already gone
  }
}

export class PrivatePostgres {
  readonly dir: string;
  protected readonly dataDir: string;
  private readonly logFile: string;
  private readonly uid: number;
  private readonly gid: number;
  private proc?: ChildProcess;
  private initialised = false;
  private frozen: number[] = [];
  /** How errors name this server. */
  protected readonly role: string = "postgres";

  constructor(
    readonly port: number,
    readonly database = "chaos",
    dirPrefix = "/tmp/private-pg-",
  ) {
    this.uid = Number(execFileSync("id", ["-u", "postgres"], { encoding: "utf8" }).trim());
    this.gid = Number(execFileSync("id", ["-g", "postgres"], { encoding: "utf8" }).trim());
    // Under /tmp and owned by postgres: initdb refuses to run as root, and the socket lives here too.
    this.dir = mkdtempSync(dirPrefix);
    chownSync(this.dir, this.uid, this.gid);
    this.dataDir = `${this.dir}/data`;
    this.logFile = `${this.dir}/postgres.log`;
  }

  get url(): string {
    return `postgresql://postgres@127.0.0.1:${this.port}/${this.database}`;
  }

  /** The postmaster's pid while it runs. */
  get pid(): number | undefined {
    return this.proc && this.proc.exitCode === null && this.proc.signalCode === null
      ? this.proc.pid
      : undefined;
  }

  /** Makes the data directory, once: a fresh cluster here; a subclass may copy one instead. */
  protected async prepare(asPostgres: { uid: number; gid: number; cwd: string }): Promise<void> {
    // fsync off and no sync at initdb: a throwaway cluster, durability buys nothing here.
    await run(
      `${BIN}/initdb`,
      ["-D", this.dataDir, "-A", "trust", "-U", "postgres", "-E", "UTF8", "--locale=C.UTF-8", "--no-sync"],
      asPostgres,
    );
  }

  /** The server's settings beyond its directory, port and socket. */
  protected settings(): string[] {
    return [
      ...["-c", "listen_addresses=127.0.0.1", "-c", "fsync=off", "-c", "synchronous_commit=off"],
      ...["-c", "full_page_writes=off", "-c", "max_connections=100"],
    ];
  }

  /** Whether the server is up for what it is for. */
  protected ready(): Promise<boolean> {
    return this.answers();
  }

  async start(): Promise<void> {
    if (this.pid) return;
    const asPostgres = { uid: this.uid, gid: this.gid, cwd: this.dir };
    if (!this.initialised) {
      await this.prepare(asPostgres);
      this.initialised = true;
    }
    const log = openSync(this.logFile, "a");
    chownSync(this.logFile, this.uid, this.gid);
    // `postgres` itself rather than pg_ctl start, so its pid is ours without reading postmaster.pid;
    // its own process group, so a Ctrl-C in the terminal reaches only the harness, which decides.
    this.proc = spawn(
      `${BIN}/postgres`,
      ["-D", this.dataDir, "-p", String(this.port), "-k", this.dir, ...this.settings()],
      { ...asPostgres, stdio: ["ignore", log, log], detached: true },
    );
    const deadline = Date.now() + 30_000;
    while (Date.now() < deadline) {
      if (!this.pid) throw new Error(`${this.role} exited at start:\n${this.logTail()}`);
      if (await this.ready()) return;
      await sleep(100);
    }
    throw new Error(
      `${this.role} did not accept connections on ${this.port} within 30 s:\n${this.logTail()}`,
    );
  }

  /** Fast shutdown (pg_ctl stop -m fast: SIGINT to the postmaster), waited for. */
  async stop(): Promise<void> {
    const proc = this.proc;
    if (!proc || !this.pid) return;
    this.thaw(); // a frozen postmaster cannot act on a shutdown request
    const exited = once(proc, "exit");
    await run(`${BIN}/pg_ctl`, ["stop", "-D", this.dataDir, "-m", "fast", "-w", "-t", "15"], {
      uid: this.uid,
      gid: this.gid,
      cwd: this.dir,
    }).catch(() => signal(proc.pid ?? 0, "SIGQUIT")); // immediate shutdown when fast did not work
    const timeout = sleep(15_000).then(() => "timeout" as const);
    if ((await Promise.race([exited, timeout])) === "timeout") {
      for (const pid of [proc.pid ?? 0, ...descendants(proc.pid ?? 0)]) signal(pid, "SIGKILL");
      await exited;
    }
  }

  /**
   * SIGSTOP to the postmaster and every child. The postmaster goes first so it cannot fork a
   * new backend after the list is taken; stopping it alone would leave open connections served.
   */
  freeze(): number[] {
    const root = this.pid;
    if (!root) throw new Error("postgres is not running");
    signal(root, "SIGSTOP");
    const pids = [root, ...descendants(root)];
    for (const pid of pids) signal(pid, "SIGSTOP");
    this.frozen = pids;
    return pids;
  }

  thaw(): void {
    for (const pid of this.frozen) signal(pid, "SIGCONT");
    this.frozen = [];
  }

  get isFrozen(): boolean {
    return this.frozen.length > 0;
  }

  /** Stops the cluster and removes its files. */
  async destroy(): Promise<void> {
    await this.stop().catch(() => this.killNow());
    rmSync(this.dir, { recursive: true, force: true });
  }

  /** Synchronous last resort for exit handlers: immediate shutdown, then the files. */
  killNow(): void {
    this.thaw();
    const root = this.pid;
    if (root) signal(root, "SIGQUIT");
    rmSync(this.dir, { recursive: true, force: true });
  }

  logTail(lines = 20): string {
    try {
      return readFileSync(this.logFile, "utf8").trimEnd().split("\n").slice(-lines).join("\n");
    } catch {
      return "(no log)";
    }
  }

  /** One query on the `postgres` database: true when it answers. */
  protected async answers(sql = "SELECT 1", accept = (_rows: unknown[]) => true): Promise<boolean> {
    const client = new pg.Client({
      connectionString: this.url.replace(/\/[^/]*$/, "/postgres"),
      connectionTimeoutMillis: 1_000,
    });
    client.on("error", () => {});
    try {
      await client.connect();
      return accept((await client.query(sql)).rows);
    } catch {
      return false;
    } finally {
      await client.end().catch(() => {});
    }
  }
}
