// Part of npm run test:e2e: the production server on the embedded database, allowed with
// ALLOW_EMBEDDED=1. The CLI joins the running server's database (catalog, key), the key
// fetches /v1/jobs, and SIGTERM closes the database cleanly.
import { execFileSync, spawn } from "node:child_process";
import { mkdtemp, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { SERVER_ARGS } from "../support/server-command";

type Check = [string, boolean];

export async function checkEmbeddedStart(
  base: NodeJS.ProcessEnv,
  port: number,
  waitFor: (url: string, ms: number) => Promise<void>,
): Promise<Check[]> {
  const dataRoot = await mkdtemp(path.join(tmpdir(), "jsa-e2e-embedded-"));
  const appUrl = `http://127.0.0.1:${port}`;
  const env = {
    ...base,
    DATABASE_URL: "",
    REDIS_URL: "",
    ALLOW_EMBEDDED: "1",
    EMBEDDED_DATA_DIR: dataRoot,
    PORT: String(port),
    APP_URL: appUrl,
  } as NodeJS.ProcessEnv;
  // The CLI as a developer runs it beside the server: no DATABASE_URL, same data directory.
  const cliEnv = { ...env, NODE_ENV: "development", ALLOW_EMBEDDED: "" } as NodeJS.ProcessEnv;
  const cli = (script: string, args: string[]) =>
    execFileSync(process.execPath, ["--import", "tsx", script, ...args], {
      env: cliEnv,
      encoding: "utf8",
      timeout: 120_000,
    });
  let output = "";
  const server = spawn(process.execPath, SERVER_ARGS, {
    env,
    detached: true,
  });
  server.stdout.on("data", (d) => (output += d));
  server.stderr.on("data", (d) => (output += d));
  try {
    await waitFor(`${appUrl}/api/health`, 90_000);
    cli("scripts/catalog-demo.ts", ["--jobs", "500"]);
    const { key } = JSON.parse(cli("scripts/keys.ts", ["create", "--email", "embedded@example.com"])) as {
      key: string;
    };
    const res = await fetch(`${appUrl}/v1/jobs?per_page=3`, { headers: { "x-api-key": key } });
    const body = (await res.json()) as { items?: unknown[]; meta?: { total: number } };
    // No Redis here: site limits run on the memory fallback, and the pages (one bundle) and
    // /api/jobs (another) must still count against one site limit per address.
    const siteStatuses: number[] = [];
    while (!siteStatuses.includes(429) && siteStatuses.length < 200) {
      // What a browser on the site sends: /api/jobs answers only the site's own pages.
      const headers = { "sec-fetch-site": "same-origin" };
      siteStatuses.push((await fetch(`${appUrl}/api/jobs?per_page=1`, { headers })).status);
    }
    const pageAfter = await (await fetch(`${appUrl}/jobs?per_page=1`)).text();
    const exited = server.exitCode !== null ? Promise.resolve() : new Promise((r) => server.once("exit", r));
    process.kill(-server.pid!, "SIGTERM");
    await Promise.race([exited, new Promise((r) => setTimeout(r, 20_000))]);
    const closed = await stat(path.join(dataRoot, "pglite.json")).then(
      () => false,
      () => true,
    );
    return [
      [
        "npm start with ALLOW_EMBEDDED=1 names the embedded database and warns",
        /database: embedded PGlite/.test(output) && /warning: running on the embedded database/.test(output),
      ],
      [
        "the CLI joins the running server's embedded database; /v1/jobs answers from it",
        res.status === 200 && body.items?.length === 3 && body.meta?.total === 500,
      ],
      [
        "without Redis, /jobs shows the refusal once /api/jobs has reached the address's site limit",
        siteStatuses.length === 61 &&
          siteStatuses.at(-1) === 429 &&
          pageAfter.includes("Too many searches from your address"),
      ],
      ["SIGTERM closes the embedded database cleanly", closed],
    ];
  } finally {
    if (server.exitCode === null) {
      try {
        process.kill(-server.pid!, "SIGKILL");
      } catch {
        // gone
      }
    }
    if (process.env.E2E_DEBUG) console.log(output);
    await rm(dataRoot, { recursive: true, force: true });
  }
}
