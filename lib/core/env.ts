// The only reader of process.env. Validated once, on first use, so `next build`
// can import modules without a database configured.
import type { z } from "zod";
import { blank, type Env, EnvSchema } from "./env-schema";
import { weakSecretReason } from "./secret-strength";

export type { Env };

// Development and tests only: production refuses to start without its own secret.
const DEV_KEY_HASH_SECRET = "dev-only-key-hash-secret-not-for-production";
const DEV_NEXTAUTH_SECRET = "dev-only-nextauth-secret-not-for-production";

export const DEV_DATABASE_URL = "postgresql://postgres@127.0.0.1:5432/jobs_salary_dev";

let cached: Env | undefined;

export class EnvError extends Error {}

/** Settings with a development default that production must set itself. */
const PRODUCTION_SETTINGS = {
  DATABASE_URL:
    "postgresql://user@host:5432/db; the embedded development database is used only with ALLOW_EMBEDDED=1",
  KEY_HASH_SECRET: "32+ random characters",
  NEXTAUTH_SECRET: "32+ random characters",
  APP_URL: "https://api.example.com",
  SMTP_URL: "smtp://user:pass@host:587",
} as const;
type ProductionSetting = keyof typeof PRODUCTION_SETTINGS;
const SECRETS = ["KEY_HASH_SECRET", "NEXTAUTH_SECRET", "METRICS_TOKEN"] as const;

/**
 * The programs that read the environment, and what each needs in production. A command is
 * refused only for what it uses: db:migrate needs no mail server, catalog:import no site URL.
 */
export const ENV_COMMANDS = {
  server: {
    label: "the server (npm start)",
    needs: ["DATABASE_URL", "KEY_HASH_SECRET", "NEXTAUTH_SECRET", "APP_URL", "SMTP_URL"],
  },
  migrate: { label: "npm run db:migrate", needs: ["DATABASE_URL"] },
  catalog: { label: "npm run catalog:import / catalog:demo", needs: ["DATABASE_URL"] },
  // Keys are stored as HMACs: a key made with another secret would never match the server's.
  keys: { label: "npm run keys", needs: ["DATABASE_URL", "KEY_HASH_SECRET"] },
  bench: { label: "the bench scripts", needs: ["DATABASE_URL", "KEY_HASH_SECRET"] },
} as const satisfies Record<string, { label: string; needs: readonly ProductionSetting[] }>;
export type EnvCommand = keyof typeof ENV_COMMANDS;

let command: EnvCommand = "server";

/** Called first thing by a CLI entry point: env() then checks what that command uses. */
export function setEnvCommand(which: EnvCommand): void {
  command = which;
  cached = undefined;
}

const invalid = (lines: string[]) => new EnvError(`Invalid environment variables:\n${lines.join("\n")}`);

/** Production secrets: neither predictable nor shared (one leaked value must not give both). */
function secretProblems(parsed: z.infer<typeof EnvSchema>, checked: readonly string[]): string[] {
  const problems: string[] = [];
  const seen = new Map<string, string>();
  for (const name of SECRETS) {
    const value = parsed[name];
    if (value === undefined || !checked.includes(name)) continue;
    if (value === DEV_KEY_HASH_SECRET || value === DEV_NEXTAUTH_SECRET) {
      problems.push(`  ${name}: the published development value; set a secret of your own`);
      continue;
    }
    const weak = weakSecretReason(value);
    if (weak) problems.push(`  ${name}: too predictable (${weak}); use e.g. \`openssl rand -hex 32\``);
    const twin = seen.get(value);
    if (twin) problems.push(`  ${name}: the same value as ${twin}; each secret must be its own`);
    seen.set(value, name);
  }
  return problems;
}

/**
 * Parses process.env for a command (the server unless told); throws an EnvError naming each bad
 * variable, never its value. In production a setting the command does not need may be absent:
 * reading it then throws an EnvError naming it, rather than handing out undefined.
 */
export function parseEnv(source: Record<string, string | undefined>, which: EnvCommand = "server"): Env {
  const result = EnvSchema.safeParse(source);
  if (!result.success) throw invalid(result.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`));
  const parsed = result.data;
  const production = parsed.NODE_ENV === "production";
  const { label, needs } = ENV_COMMANDS[which];
  const defaults: Record<ProductionSetting, string | undefined> = {
    DATABASE_URL: parsed.DATABASE_URL ?? (production ? undefined : DEV_DATABASE_URL),
    KEY_HASH_SECRET: parsed.KEY_HASH_SECRET ?? (production ? undefined : DEV_KEY_HASH_SECRET),
    NEXTAUTH_SECRET: parsed.NEXTAUTH_SECRET ?? (production ? undefined : DEV_NEXTAUTH_SECRET),
    APP_URL: (parsed.APP_URL ?? (production ? undefined : `http://localhost:${parsed.PORT}`))?.replace(
      /\/$/,
      "",
    ),
    SMTP_URL: parsed.SMTP_URL ?? (production ? undefined : "smtp://127.0.0.1:1025"),
  };
  // The server also checks METRICS_TOKEN, which only it serves.
  const checked = which === "server" ? [...needs, "METRICS_TOKEN"] : needs;
  // Everything wrong at once, so an operator fixes the environment in one go.
  const problems = [
    ...(production ? secretProblems(parsed, checked) : []),
    ...needs
      .filter((name) => defaults[name] === undefined)
      .map((name) => `  ${name}: required in production by ${label} (${PRODUCTION_SETTINGS[name]})`),
  ];
  if (problems.length) throw invalid(problems);
  // An epoch is written to for one flush interval plus its calls' timeouts (under a second):
  // the sweeper must not take one younger than that, or it could miss what comes after.
  if (parsed.USAGE_SWEEP_AGE_MS < 2 * parsed.USAGE_FLUSH_MS + 2000) {
    throw invalid(["  USAGE_SWEEP_AGE_MS: must be at least 2 × USAGE_FLUSH_MS + 2000"]);
  }
  // The embedded database serves one connection at a time; a pool of more would queue on itself.
  const poolMax = parsed.DATABASE_EMBEDDED ? 1 : parsed.DB_POOL_MAX;
  const out = { ...parsed, DB_POOL_MAX: poolMax, ...defaults } as Env;
  for (const [name, value] of Object.entries(defaults)) {
    if (value !== undefined) continue;
    Object.defineProperty(out, name, {
      enumerable: false,
      get() {
        throw invalid([`  ${name}: not set, and ${label} was not expected to need it; please report this`]);
      },
    });
  }
  return out;
}

export function env(): Env {
  if (!cached) {
    cached = parseEnv(process.env, command);
    // next-auth reads its base URL from the environment itself.
    const appUrl = Object.getOwnPropertyDescriptor(cached, "APP_URL")?.value;
    if (appUrl) process.env.NEXTAUTH_URL ??= appUrl;
  }
  return cached;
}

/**
 * What decides where the database is, read before anything needs the full environment. The
 * rest is checked here too, with the usual message, so a missing secret stops the process
 * before an embedded database is created for nothing.
 */
export function databaseSettings() {
  const given = blank(process.env.DATABASE_URL) as string | undefined;
  let parsed: Env;
  try {
    parsed = parseEnv({ ...process.env, DATABASE_URL: given ?? DEV_DATABASE_URL }, command);
  } catch (err) {
    // Other variables are wrong too: name DATABASE_URL with them when it will be refused anyway.
    if (!given && !EnvSchema.shape.ALLOW_EMBEDDED.parse(process.env.ALLOW_EMBEDDED))
      parseEnv(process.env, command);
    throw err;
  }
  return {
    configuredUrl: given === undefined ? undefined : parsed.DATABASE_URL,
    production: parsed.NODE_ENV === "production",
    allowEmbedded: parsed.ALLOW_EMBEDDED,
    dataRoot: parsed.EMBEDDED_DATA_DIR,
  };
}

/** Points this process, and the processes it starts, at the chosen database. */
export function pointAtDatabase(url: string, embedded: boolean): void {
  process.env.DATABASE_URL = url;
  process.env.DATABASE_EMBEDDED = embedded ? "1" : "0";
  cached = undefined;
}
