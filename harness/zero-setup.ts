// npm run test:zero-setup — the zero-setup promise, checked for real: a fresh clone of this
// repository, in a network namespace of its own where nothing answers on any port (no
// Postgres, no Redis), runs `npm install && npm run dev`; then a key made with the CLI
// fetches /v1/jobs, and a sign-in e-mail reaches the mail sink. The namespace reaches only
// the npm registry, through a CONNECT proxy this script runs. Needs root and iproute2.
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { mkdtemp, rm, stat, writeFile } from "node:fs/promises";
import { createServer, connect as tcpConnect } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

const ROOT = path.resolve(import.meta.dirname, "..");
const NS = `jsa-zs-${process.pid}`;
const VETH = [`vzs${process.pid % 100_000}a`, `vzs${process.pid % 100_000}b`];
const NET = `10.213.${process.pid % 250}`;
const HOST_IP = `${NET}.1`;

const sh = (cmd: string, args: string[]) =>
  execFileSync(cmd, args, { stdio: ["ignore", "pipe", "pipe"] }).toString();
const seconds = (since: number) => `${((Date.now() - since) / 1000).toFixed(1)} s`;

/** A CONNECT proxy on the host side of the veth pair that only reaches the npm registry. */
async function registryProxy(registryHost: string) {
  const server = createServer((client) => {
    client.once("data", (head) => {
      const m = /^CONNECT ([^:\s]+):(\d+) HTTP/.exec(head.toString("latin1"));
      if (!m || m[1] !== registryHost) return void client.end("HTTP/1.1 403 Forbidden\r\n\r\n");
      const upstream = tcpConnect(Number(m[2]), m[1], () => {
        client.write("HTTP/1.1 200 Connection Established\r\n\r\n");
        client.pipe(upstream).pipe(client);
      });
      upstream.on("error", () => client.destroy());
      client.on("error", () => upstream.destroy());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, HOST_IP, resolve));
  return { port: (server.address() as { port: number }).port, close: () => server.close() };
}

function setUpNamespace() {
  sh("ip", ["netns", "add", NS]);
  sh("ip", ["netns", "exec", NS, "ip", "link", "set", "lo", "up"]);
  sh("ip", ["link", "add", VETH[0]!, "type", "veth", "peer", "name", VETH[1]!]);
  sh("ip", ["link", "set", VETH[1]!, "netns", NS]);
  sh("ip", ["addr", "add", `${HOST_IP}/30`, "dev", VETH[0]!]);
  sh("ip", ["link", "set", VETH[0]!, "up"]);
  sh("ip", ["netns", "exec", NS, "ip", "addr", "add", `${NET}.2/30`, "dev", VETH[1]!]);
  sh("ip", ["netns", "exec", NS, "ip", "link", "set", VETH[1]!, "up"]);
}

function tearDownNamespace() {
  try {
    const pids = sh("ip", ["netns", "pids", NS]).split("\n").filter(Boolean);
    for (const pid of pids) process.kill(Number(pid), "SIGKILL");
  } catch {
    // no namespace, or nothing left in it
  }
  for (const args of [
    ["link", "del", VETH[0]!],
    ["netns", "del", NS],
  ]) {
    try {
      sh("ip", args);
    } catch {
      // already gone
    }
  }
}

// Runs inside the namespace, in the clone: everything a new developer would do first.
const CHECKER = `
import { execFileSync } from "node:child_process";
const out = {};
const probe = (port) => fetch("http://127.0.0.1:" + port).then(() => true, (e) => e.cause?.code !== "ECONNREFUSED");
out.postgresAnswers = await probe(5432);
out.redisAnswers = await probe(6379);
const made = JSON.parse(execFileSync("npm", ["run", "-s", "keys", "--", "create", "--email", "new-dev@example.com"], { encoding: "utf8" }));
const started = Date.now();
const res = await fetch("http://127.0.0.1:3000/v1/jobs?title=engineer&country=DE&per_page=5", { headers: { "x-api-key": made.key } });
const body = await res.json();
out.jobs = { status: res.status, vary: res.headers.get("vary"), ms: Date.now() - started, items: body.items?.length, total: body.meta?.total, remaining: res.headers.get("x-ratelimit-remaining") };
out.openapi = (await fetch("http://127.0.0.1:3000/openapi.json")).status;
// A page opened at 127.0.0.1 loads the dev server's own resources (scripts, HMR) from there: 404 for
// one that does not exist, not the 403 of a blocked origin.
out.devResource = (await fetch("http://127.0.0.1:3000/_next/static/chunks/zero-setup-probe.js", { headers: { origin: "http://127.0.0.1:3000" } })).status;
const csrf = await fetch("http://localhost:3000/api/auth/csrf");
const { csrfToken } = await csrf.json();
const cookie = csrf.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
const signin = await fetch("http://localhost:3000/api/auth/signin/email", {
  method: "POST", redirect: "manual",
  headers: { "content-type": "application/x-www-form-urlencoded", cookie, origin: "http://localhost:3000" },
  body: new URLSearchParams({ email: "new-dev@example.com", csrfToken, callbackUrl: "http://localhost:3000/studio", json: "true" }),
});
out.signin = signin.status;
let mails = [];
for (let i = 0; i < 50 && !mails.length; i++) {
  mails = (await (await fetch("http://127.0.0.1:1080/email")).json()).filter((m) => m.to.some((t) => t.address === "new-dev@example.com"));
  if (!mails.length) await new Promise((r) => setTimeout(r, 200));
}
out.mail = mails.map((m) => m.subject);
console.log(JSON.stringify(out));
`;

function waitForOutput(child: ChildProcess, log: () => string, pattern: RegExp, ms: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setInterval(() => {
      if (pattern.test(log())) done(resolve);
    }, 200);
    const fail = setTimeout(() => done(() => reject(new Error(`no ${pattern} within ${ms / 1000} s`))), ms);
    const exited = () => done(() => reject(new Error(`exited before ${pattern}`)));
    child.once("exit", exited);
    function done(then: () => void) {
      clearInterval(timer);
      clearTimeout(fail);
      child.off("exit", exited);
      then();
    }
  });
}

async function main(): Promise<void> {
  if (process.getuid?.() !== 0)
    throw new Error("the zero-setup check creates a network namespace: run it as root (with iproute2)");
  const registry = new URL(sh("npm", ["config", "get", "registry"]).trim());
  const work = await mkdtemp(path.join(tmpdir(), "jsa-zero-setup-"));
  const repo = path.join(work, "repo");
  let dev: ChildProcess | undefined;
  let proxy: Awaited<ReturnType<typeof registryProxy>> | undefined;
  let log = "";
  try {
    sh("git", ["clone", "--quiet", ROOT, repo]);
    setUpNamespace();
    proxy = await registryProxy(registry.hostname);
    const proxyUrl = `http://${HOST_IP}:${proxy.port}`;
    // Nothing from this machine's setup: no DATABASE_URL, REDIS_URL, SMTP_URL or secrets.
    const env = {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NEXT_TELEMETRY_DISABLED: "1",
      npm_config_proxy: proxyUrl,
      npm_config_https_proxy: proxyUrl,
    } as unknown as NodeJS.ProcessEnv;
    const started = Date.now();
    const child = spawn(
      "ip",
      [
        "netns",
        "exec",
        NS,
        "bash",
        "-c",
        "npm install --no-audit --no-fund && echo INSTALLED && exec npm run dev",
      ],
      { cwd: repo, env, detached: true },
    );
    dev = child;
    child.stdout!.on("data", (d) => (log += d));
    child.stderr!.on("data", (d) => (log += d));
    await waitForOutput(child, () => log, /INSTALLED/, 600_000);
    const installed = seconds(started);
    await waitForOutput(child, () => log, /> ready on /, 300_000);
    const ready = seconds(started);
    const checker = path.join(work, "check.mjs");
    await writeFile(checker, CHECKER);
    const out = JSON.parse(
      execFileSync("ip", ["netns", "exec", NS, "node", checker], {
        cwd: repo,
        env,
        encoding: "utf8",
        timeout: 180_000,
      })
        .trim()
        .split("\n")
        .at(-1)!,
    );
    const expectations: [string, boolean][] = [
      ["nothing answers on 5432 or 6379 in the namespace", !out.postgresAnswers && !out.redisAnswers],
      ["the console names the embedded database", /database: embedded PGlite in \.data\/pglite/.test(log)],
      ["the console says quotas run on the database", /quotas: on the database/.test(log)],
      ["the console says where the mail sink is", /mail sink: .*http:\/\/localhost:1080/.test(log)],
      ["the demo catalog was seeded", /seeded demo snapshot 1: 20000 jobs/.test(log)],
      [
        "GET /v1/jobs answers 200 with jobs",
        out.jobs.status === 200 && out.jobs.items === 5 && out.jobs.total > 0 && out.jobs.remaining === "49",
      ],
      ["an API answer varies on the key alone, not on Next's router headers", out.jobs.vary === "X-API-Key"],
      ["npm install prints no engine warning (EBADENGINE)", !/EBADENGINE/.test(log)],
      ["npm install prints no unreviewed install scripts", !/install-scripts/.test(log)],
      ["GET /openapi.json answers 200", out.openapi === 200],
      ["the dev server serves its /_next resources to a page at 127.0.0.1", out.devResource !== 403],
      ["a sign-in e-mail reaches the mail sink", out.signin === 200 && out.mail.length === 1],
    ];
    // Ctrl-C: the embedded database must be closed cleanly (its state file removed).
    process.kill(-child.pid!, "SIGINT");
    for (let i = 0; i < 100 && sh("ip", ["netns", "pids", NS]).trim(); i++)
      await new Promise((r) => setTimeout(r, 200));
    const closed = await stat(path.join(repo, ".data", "pglite.json")).then(
      () => false,
      () => true,
    );
    expectations.push(["Ctrl-C closes the embedded database cleanly", closed]);
    console.log(
      `npm install: ${installed}; npm run dev ready: ${ready} after start; first /v1/jobs: ${out.jobs.ms} ms`,
    );
    for (const [what, ok] of expectations) console.log(`${ok ? "ok  " : "FAIL"} ${what}`);
    if (expectations.some(([, ok]) => !ok))
      throw new Error(
        `zero-setup check failed:\n${JSON.stringify(out)}\n--- npm run dev output ---\n${log.slice(-4000)}`,
      );
  } catch (err) {
    if (!(err as Error).message.includes("npm run dev output")) console.error(log.slice(-4000));
    throw err;
  } finally {
    if (dev?.pid && dev.exitCode === null) {
      try {
        process.kill(-dev.pid, "SIGKILL");
      } catch {
        // gone
      }
    }
    proxy?.close();
    tearDownNamespace();
    await rm(work, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error((err as Error).message);
  process.exit(1);
});
