// The only reader of process.env. Validated once, on first use, so `next build`
// can import modules without a database configured.
import { z } from "zod";

const DEV_DATABASE_URL = "postgresql://postgres@127.0.0.1:5432/jobs_salary_dev";

const EnvSchema = z.object({
  NODE_ENV: z.enum(["development", "test", "production"]).default("development"),
  DATABASE_URL: z.preprocess((v) => (v === "" ? undefined : v), z.url({ protocol: /^postgres(ql)?$/ }).optional()),
  DB_POOL_MAX: z.coerce.number().int().min(1).max(100).default(10),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  LOG_LEVEL: z.enum(["debug", "info", "warn", "error", "silent"]).default("info"),
});

export type Env = Omit<z.infer<typeof EnvSchema>, "DATABASE_URL"> & { DATABASE_URL: string };

let cached: Env | undefined;

export class EnvError extends Error {}

/** Parses process.env; throws an EnvError naming each bad variable. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = EnvSchema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new EnvError(`Invalid environment variables:\n${lines.join("\n")}`);
  }
  const parsed = result.data;
  const databaseUrl = parsed.DATABASE_URL ?? (parsed.NODE_ENV === "production" ? undefined : DEV_DATABASE_URL);
  if (!databaseUrl) {
    throw new EnvError("Invalid environment variables:\n  DATABASE_URL: required in production (postgresql://user@host:5432/db)");
  }
  return { ...parsed, DATABASE_URL: databaseUrl };
}

export function env(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}
