// npm run test:e2e — a private world for the browser tests: its own database (with a demo
// catalog), Redis prefix and mail sink, a production build served by server.ts; then
// Playwright; then the same build on the embedded database (ALLOW_EMBEDDED=1); then
// everything is taken down again.
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { createServer } from "node:net";
import { Redis } from "ioredis";
import { importDemoHistory } from "../../lib/catalog/demo/import-demo";
import { dropDatabase, ensureDatabase, migrate } from "../../lib/core/migrate";
import { startMailSink } from "../support/mail-sink";
import { SERVER_ARGS } from "../support/server-command";
import { type StripeStandIn, startStripeStandIn } from "../support/stripe-stand-in";
import { checkEmbeddedStart } from "./embedded";

const freePort = () =>
  new Promise<number>((resolve) => {
    const srv = createServer().listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });

/** Runs a command to completion without blocking this process: the mail sink lives here. */
function run(cmd: string, args: string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  return new Promise((resolve) =>
    spawn(cmd, args, { stdio: "inherit", env }).on("exit", (code) => resolve(code ?? 1)),
  );
}

async function waitFor(url: string, ms: number): Promise<void> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (
      await fetch(url).then(
        (r) => r.ok,
        () => false,
      )
    )
      return;
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`server did not answer ${url} within ${ms} ms`);
}

async function main(): Promise<number> {
  const base = new URL(process.env.TEST_DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres");
  base.pathname = `/jobs_e2e_${process.pid}_${randomBytes(3).toString("hex")}`;
  const databaseUrl = base.toString();
  const redisUrl = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";
  const redisPrefix = `e2e:${process.pid}:`;
  const [port, smtp, web] = await Promise.all([freePort(), freePort(), freePort()]);
  let server: ChildProcess | undefined;
  let sink: Awaited<ReturnType<typeof startMailSink>> | undefined;
  let stripe: StripeStandIn | undefined;
  try {
    await ensureDatabase(databaseUrl);
    await migrate(databaseUrl);
    // Three monthly imports, so the salary page has a history to draw; the last is the catalog.
    await importDemoHistory(databaseUrl, { jobs: 3000, asOf: new Date("2026-11-21T00:00:00Z") }, 3);
    sink = await startMailSink(smtp, web);
    if (process.env.E2E_SKIP_BUILD !== "1") {
      if ((await run("npm", ["run", "-s", "build"])) !== 0) return 1;
    }
    const appUrl = `http://127.0.0.1:${port}`;
    // Plans are sold through a stand-in for Stripe's API, so the Studio's billing can be tried.
    stripe = await startStripeStandIn();
    const webhookSecret = `whsec_${randomBytes(16).toString("hex")}`;
    const env = {
      ...process.env,
      NODE_ENV: "production" as const,
      PORT: String(port),
      APP_URL: appUrl,
      DATABASE_URL: databaseUrl,
      REDIS_URL: redisUrl,
      REDIS_PREFIX: redisPrefix,
      SMTP_URL: `smtp://127.0.0.1:${smtp}`,
      MAILDEV_WEB_PORT: String(web),
      KEY_HASH_SECRET: randomBytes(32).toString("hex"),
      NEXTAUTH_SECRET: randomBytes(32).toString("hex"),
      NEXT_TELEMETRY_DISABLED: "1",
      STRIPE_SECRET_KEY: "sk_test_e2estandin",
      STRIPE_WEBHOOK_SECRET: webhookSecret,
      STRIPE_PRICE_BUILDER: "price_builder_e2e",
      STRIPE_PRICE_PRO: "price_pro_e2e",
      STRIPE_API_URL: stripe.url,
      // The saved-search test's receiver listens on 127.0.0.1.
      WEBHOOKS_ALLOW_PRIVATE: "true",
    };
    // node itself (not an npx/tsx wrapper) in its own process group, so it can be stopped for sure.
    server = spawn(process.execPath, SERVER_ARGS, {
      env,
      stdio: "inherit",
      detached: true,
    });
    await waitFor(`${appUrl}/`, 60_000);
    // A pro key for the typed client's spec, made as an operator would (npm run keys).
    const made = JSON.parse(
      execFileSync(
        "npm",
        ["run", "-s", "keys", "--", "create", "--email", "client@example.com", "--tier", "pro"],
        {
          env,
          encoding: "utf8",
        },
      ),
    ) as { key: string };
    const code = await run("npx", ["playwright", "test", ...process.argv.slice(2)], {
      ...process.env,
      E2E_BASE_URL: appUrl,
      MAIL_WEB_URL: sink.webUrl,
      E2E_API_KEY: made.key,
      E2E_STRIPE_URL: stripe.url,
      E2E_STRIPE_WEBHOOK_SECRET: webhookSecret,
    });
    if (process.argv.length > 2) return code; // a chosen spec only
    const checks = await checkEmbeddedStart(env, await freePort(), waitFor);
    for (const [what, ok] of checks) console.log(`${ok ? "ok  " : "FAIL"} ${what}`);
    return checks.every(([, ok]) => ok) ? code : 1;
  } finally {
    if (server?.pid) {
      try {
        process.kill(-server.pid, "SIGTERM");
      } catch {
        // already gone
      }
    }
    await sink?.stop();
    await stripe?.stop();
    await new Promise((r) => setTimeout(r, 500));
    await dropDatabase(databaseUrl).catch(() => {});
    const redis = new Redis(redisUrl, { maxRetriesPerRequest: 1 });
    const keys = await redis.keys(`${redisPrefix}*`).catch(() => [] as string[]);
    if (keys.length) await redis.del(...keys);
    redis.disconnect();
  }
}

main().then(
  (code) => process.exit(code),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
