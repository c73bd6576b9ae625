// The shape of every environment variable the project reads: types, ranges and defaults.
// lib/core/env.ts applies it, with what production and each command require on top.
import { z } from "zod";

export const blank = (v: unknown) => (v === "" ? undefined : v);

const flag = z
  .preprocess(blank, z.enum(["true", "false", "1", "0"]).optional())
  .transform((v) => v === "true" || v === "1");

export const EnvSchema = z.object({
  NODE_ENV: z.enum(["development", "test", "production"]).default("development"),
  DATABASE_URL: z.preprocess(blank, z.url({ protocol: /^postgres(ql)?$/ }).optional()),
  DB_POOL_MAX: z.coerce.number().int().min(1).max(100).default(10),
  /** Set by the launcher when DATABASE_URL points at the embedded PGlite (one connection at a time). */
  DATABASE_EMBEDDED: flag,
  /** Lets `npm start` run on the embedded database when DATABASE_URL is unset. */
  ALLOW_EMBEDDED: flag,
  /**
   * Whether saved-search webhooks may reach private, loopback and link-local addresses. Unset:
   * only outside production (a receiver on localhost while developing or testing).
   */
  WEBHOOKS_ALLOW_PRIVATE: z.preprocess(blank, z.enum(["true", "false", "1", "0"]).optional()),
  /** Where the embedded database keeps its files. */
  EMBEDDED_DATA_DIR: z.string().min(1).default(".data"),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  LOG_LEVEL: z.enum(["debug", "info", "warn", "error", "silent"]).default("info"),
  /** Local TCP Redis (development, tests, self-hosting). */
  REDIS_URL: z.preprocess(blank, z.url({ protocol: /^rediss?$/ }).optional()),
  /** A Redis Cluster ("host:port,host:port", any reachable nodes); wins over REDIS_URL. */
  REDIS_CLUSTER_NODES: z.preprocess(
    blank,
    z
      .string()
      .regex(/^[A-Za-z0-9.-]+:\d{1,5}(,[A-Za-z0-9.-]+:\d{1,5})*$/, "must be host:port[,host:port...]")
      .optional(),
  ),
  /** Read replicas for catalog reads ("postgresql://...,postgresql://..."). */
  DATABASE_REPLICA_URLS: z.preprocess(
    blank,
    z
      .string()
      .transform((s) =>
        s
          .split(",")
          .map((u) => u.trim())
          .filter(Boolean),
      )
      .pipe(z.array(z.url({ protocol: /^postgres(ql)?$/ })))
      .optional(),
  ),
  /** A replica whose replay is further behind than this is skipped (reads go elsewhere). */
  DB_REPLICA_MAX_LAG_MS: z.coerce.number().int().min(0).max(600_000).default(5000),
  /** Bearer token that GET /metrics requires (32+ characters); unset: /metrics answers 404. */
  METRICS_TOKEN: z.preprocess(blank, z.string().min(32, "must be at least 32 characters").optional()),
  /** Upstash REST endpoint and token (production); used when both are set. */
  UPSTASH_REDIS_REST_URL: z.preprocess(blank, z.url({ protocol: /^https?$/ }).optional()),
  UPSTASH_REDIS_REST_TOKEN: z.preprocess(blank, z.string().min(1).optional()),
  /** Prefix of every Redis key, so several deployments or test runs can share one server. */
  REDIS_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9:_-]{1,40}$/)
    .default("jsa:"),
  /** Server secret for HMAC-SHA-256 of API keys and confirmation tokens (32+ characters). */
  KEY_HASH_SECRET: z.preprocess(blank, z.string().min(32, "must be at least 32 characters").optional()),
  CONFIRM_TOKEN_TTL_HOURS: z.coerce.number().positive().max(720).default(24),
  /** How often batched usage counts are written to Postgres. */
  USAGE_FLUSH_MS: z.coerce.number().int().min(50).max(60_000).default(1000),
  /** How often queued request-log lines are written to Postgres. */
  REQUEST_LOG_FLUSH_MS: z.coerce.number().int().min(50).max(60_000).default(1000),
  /** How often one process looks for usage journals that dead processes left in Redis. */
  USAGE_SWEEP_MS: z.coerce.number().int().min(200).max(3_600_000).default(30_000),
  /** A journal is swept once its epoch began this long ago (its owner has stopped writing it). */
  USAGE_SWEEP_AGE_MS: z.coerce.number().int().min(1000).max(86_400_000).default(60_000),
  /** Public origin of the site: links in e-mails, and the origin POSTs must come from. */
  APP_URL: z.preprocess(blank, z.url({ protocol: /^https?$/ }).optional()),
  NEXTAUTH_SECRET: z.preprocess(blank, z.string().min(32, "must be at least 32 characters").optional()),
  SMTP_URL: z.preprocess(blank, z.url({ protocol: /^smtps?$/ }).optional()),
  MAIL_FROM: z.string().min(3).default("Jobs & Salary API <no-reply@jobs-api.localhost>"),
  GITHUB_ID: z.preprocess(blank, z.string().optional()),
  GITHUB_SECRET: z.preprocess(blank, z.string().optional()),
  /** Set behind a reverse proxy: the client address is then read from X-Forwarded-For. */
  TRUST_PROXY: flag,
  /** /api/jobs* requests per client IP per minute. */
  SITE_RATE_LIMIT_PER_MIN: z.coerce.number().int().min(1).max(100_000).default(60),
  /**
   * The site's requests per address per UTC day (pages and /api/jobs* together): a person reads
   * a few dozen, a crawler is served this many, a tenth of the cheapest paid plan.
   */
  SITE_DAILY_LIMIT: z.coerce.number().int().min(1).max(100_000_000).default(1000),
  /** Requests per client address per UTC day that carry no valid API key (401s, key in the URL). */
  KEYLESS_DAILY_LIMIT: z.coerce.number().int().min(1).max(10_000_000).default(1000),
  /** Client-side limit on one database query; a frozen server cannot hold a request longer. */
  DB_QUERY_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5000),
  /** Stripe: self-serve plans when the secret, the webhook secret and both prices are set. */
  STRIPE_SECRET_KEY: z.preprocess(
    blank,
    z
      .string()
      .regex(/^(sk|rk)_(test|live)_\w+$/, "must be a Stripe secret key")
      .optional(),
  ),
  STRIPE_WEBHOOK_SECRET: z.preprocess(
    blank,
    z
      .string()
      .regex(/^whsec_\w+$/, "must be a webhook signing secret (whsec_…)")
      .optional(),
  ),
  STRIPE_PRICE_BUILDER: z.preprocess(
    blank,
    z
      .string()
      .regex(/^price_\w+$/, "must be a price id (price_…)")
      .optional(),
  ),
  STRIPE_PRICE_PRO: z.preprocess(
    blank,
    z
      .string()
      .regex(/^price_\w+$/, "must be a price id (price_…)")
      .optional(),
  ),
  /** Another Stripe API origin (a local stand-in in tests); Stripe's own by default. */
  STRIPE_API_URL: z.preprocess(blank, z.url({ protocol: /^https?$/ }).optional()),
  /** Port of the development/test mail sink's web UI (MailDev). */
  MAILDEV_WEB_PORT: z.coerce.number().int().min(1).max(65535).default(1080),
});

export type Env = Omit<
  z.infer<typeof EnvSchema>,
  "DATABASE_URL" | "KEY_HASH_SECRET" | "NEXTAUTH_SECRET" | "APP_URL" | "SMTP_URL"
> & {
  SMTP_URL: string;
  DATABASE_URL: string;
  KEY_HASH_SECRET: string;
  NEXTAUTH_SECRET: string;
  APP_URL: string;
};
