import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { ENV_COMMANDS, EnvError, parseEnv } from "./env";

const random = () => randomBytes(32).toString("hex");

/** Everything the server needs in production, with fresh random secrets. */
const productionEnv = () => ({
  NODE_ENV: "production",
  DATABASE_URL: "postgresql://x@y/z",
  APP_URL: "https://api.example.com",
  SMTP_URL: "smtp://mail:25",
  KEY_HASH_SECRET: random(),
  NEXTAUTH_SECRET: random(),
});

describe("parseEnv", () => {
  it("reads the fleet's variables: replicas, a Redis Cluster, a metrics token", () => {
    const e = parseEnv({
      DATABASE_REPLICA_URLS: "postgresql://a@r1:5432/db, postgres://a@r2/db",
      REDIS_CLUSTER_NODES: "10.0.0.1:7000,redis-2:7001",
      METRICS_TOKEN: "t".repeat(32),
    });
    expect(e.DATABASE_REPLICA_URLS).toEqual(["postgresql://a@r1:5432/db", "postgres://a@r2/db"]);
    expect(e.DB_REPLICA_MAX_LAG_MS).toBe(5000);
    expect(() => parseEnv({ DATABASE_REPLICA_URLS: "mysql://x/y" })).toThrow(/DATABASE_REPLICA_URLS/);
    expect(() => parseEnv({ REDIS_CLUSTER_NODES: "redis://a:1" })).toThrow(
      /REDIS_CLUSTER_NODES: must be host:port/,
    );
    expect(() => parseEnv({ METRICS_TOKEN: "short" })).toThrow(/METRICS_TOKEN: must be at least 32/);
    expect(parseEnv({}).DATABASE_REPLICA_URLS).toBeUndefined();
  });

  it("keeps the usage sweeper off epochs their process may still be writing", () => {
    expect(parseEnv({})).toMatchObject({ USAGE_SWEEP_MS: 30_000, USAGE_SWEEP_AGE_MS: 60_000 });
    expect(parseEnv({ USAGE_FLUSH_MS: "200", USAGE_SWEEP_AGE_MS: "2400" }).USAGE_SWEEP_AGE_MS).toBe(2400);
    expect(() => parseEnv({ USAGE_FLUSH_MS: "5000", USAGE_SWEEP_AGE_MS: "10000" })).toThrow(
      /USAGE_SWEEP_AGE_MS: must be at least 2 × USAGE_FLUSH_MS \+ 2000/,
    );
  });

  it("defaults DATABASE_URL outside production", () => {
    expect(parseEnv({ NODE_ENV: "development" }).DATABASE_URL).toMatch(/^postgresql:\/\/.*jobs_salary_dev$/);
  });

  it("requires DATABASE_URL in production and names it", () => {
    expect(() => parseEnv({ NODE_ENV: "production" })).toThrow(/DATABASE_URL: required/);
    expect(() => parseEnv({ NODE_ENV: "production", DATABASE_URL: "" })).toThrow(/DATABASE_URL: required/);
  });

  it("requires KEY_HASH_SECRET in production, and a long one anywhere", () => {
    expect(() => parseEnv({ NODE_ENV: "production", DATABASE_URL: "postgresql://x@y/z" })).toThrow(
      /KEY_HASH_SECRET: required/,
    );
    expect(() => parseEnv({ NODE_ENV: "production", DATABASE_URL: "postgresql://x@y/z" })).toThrow(
      /NEXTAUTH_SECRET: required[\s\S]*APP_URL: required/,
    );
    expect(() => parseEnv({ KEY_HASH_SECRET: "short" })).toThrow(/KEY_HASH_SECRET: must be at least 32/);
    expect(parseEnv({}).KEY_HASH_SECRET.length).toBeGreaterThanOrEqual(32);
  });

  it("refuses the published development secrets in production", () => {
    const prod = productionEnv();
    expect(parseEnv(prod).KEY_HASH_SECRET).toBe(prod.KEY_HASH_SECRET);
    const devKey = "dev-only-key-hash-secret-not-for-production";
    const devAuth = "dev-only-nextauth-secret-not-for-production";
    expect(() => parseEnv({ ...prod, KEY_HASH_SECRET: devKey })).toThrow(/KEY_HASH_SECRET: the published/);
    expect(() => parseEnv({ ...prod, NEXTAUTH_SECRET: devAuth })).toThrow(/NEXTAUTH_SECRET: the published/);
    expect(parseEnv({ KEY_HASH_SECRET: devKey }).KEY_HASH_SECRET).toBe(devKey); // fine in development
  });

  it("names the variable that is malformed", () => {
    expect(() => parseEnv({ DATABASE_URL: "mysql://x" })).toThrow(EnvError);
    expect(() => parseEnv({ PORT: "http" })).toThrow(/PORT/);
  });

  it("defaults APP_URL to the dev port and reads TRUST_PROXY as a flag", () => {
    expect(parseEnv({ PORT: "4000" }).APP_URL).toBe("http://localhost:4000");
    expect(parseEnv({ APP_URL: "https://api.example.com/" }).APP_URL).toBe("https://api.example.com");
    expect(parseEnv({}).TRUST_PROXY).toBe(false);
    expect(parseEnv({ TRUST_PROXY: "1" }).TRUST_PROXY).toBe(true);
  });

  it("coerces numbers", () => {
    expect(parseEnv({ PORT: "8080", DB_POOL_MAX: "4" })).toMatchObject({ PORT: 8080, DB_POOL_MAX: 4 });
  });

  it("keeps the pool at one connection on the embedded database", () => {
    expect(parseEnv({ DB_POOL_MAX: "8", DATABASE_EMBEDDED: "1" })).toMatchObject({
      DB_POOL_MAX: 1,
      DATABASE_EMBEDDED: true,
    });
    expect(parseEnv({ DB_POOL_MAX: "8", DATABASE_EMBEDDED: "0" })).toMatchObject({
      DB_POOL_MAX: 8,
      DATABASE_EMBEDDED: false,
    });
  });

  describe("secrets in production", () => {
    const prod = productionEnv();
    const message = (source: Record<string, string>, command?: keyof typeof ENV_COMMANDS) => {
      try {
        parseEnv(source, command);
        return "";
      } catch (err) {
        expect(err).toBeInstanceOf(EnvError);
        return (err as Error).message;
      }
    };

    it("refuses predictable ones, naming the variable and never the value", () => {
      for (const weak of [
        "a".repeat(32),
        "ab".repeat(20),
        "0123456789".repeat(4),
        "abcdefghijklmnopqrstuvwxyz012345",
      ]) {
        const m = message({ ...prod, KEY_HASH_SECRET: weak });
        expect(m, weak).toMatch(/KEY_HASH_SECRET: too predictable/);
        expect(m).not.toContain(weak);
        expect(message({ ...prod, NEXTAUTH_SECRET: weak })).toMatch(/NEXTAUTH_SECRET: too predictable/);
        expect(message({ ...prod, METRICS_TOKEN: weak })).toMatch(/METRICS_TOKEN: too predictable/);
      }
      // Outside production they are fine: tests and development use such values.
      expect(parseEnv({ KEY_HASH_SECRET: "a".repeat(32) }).KEY_HASH_SECRET).toBe("a".repeat(32));
    });

    it("refuses one value for two secrets", () => {
      const shared = random();
      const m = message({ ...prod, KEY_HASH_SECRET: shared, NEXTAUTH_SECRET: shared });
      expect(m).toMatch(/NEXTAUTH_SECRET: the same value as KEY_HASH_SECRET/);
      expect(m).not.toContain(shared);
      expect(message({ ...prod, METRICS_TOKEN: prod.KEY_HASH_SECRET })).toMatch(
        /METRICS_TOKEN: the same value as KEY_HASH_SECRET/,
      );
      expect(message({ ...prod, METRICS_TOKEN: random() })).toBe("");
      // Named together with what is missing.
      const { SMTP_URL: _, ...noMail } = prod;
      expect(message({ ...noMail, NEXTAUTH_SECRET: "n".repeat(40) })).toMatch(
        /NEXTAUTH_SECRET: too predictable[^\n]*\n {2}SMTP_URL: required in production/,
      );
    });
  });

  describe("each command checks what it uses", () => {
    const db = { NODE_ENV: "production", DATABASE_URL: "postgresql://x@y/z" };
    const secret = { KEY_HASH_SECRET: random() };

    it("db:migrate and catalog:* need only DATABASE_URL", () => {
      for (const command of ["migrate", "catalog"] as const) {
        expect(parseEnv(db, command).DATABASE_URL).toBe("postgresql://x@y/z");
        expect(() => parseEnv({ NODE_ENV: "production" }, command)).toThrow(
          new RegExp(
            `DATABASE_URL: required in production by ${ENV_COMMANDS[command].label.replace(/[/()]/g, ".")}`,
          ),
        );
      }
    });

    it("keys and the benches need DATABASE_URL and KEY_HASH_SECRET, not the mail or site settings", () => {
      for (const command of ["keys", "bench"] as const) {
        expect(parseEnv({ ...db, ...secret }, command).KEY_HASH_SECRET).toBe(secret.KEY_HASH_SECRET);
        const m = (() => {
          try {
            parseEnv(db, command);
          } catch (err) {
            return (err as Error).message;
          }
        })();
        expect(m).toMatch(/KEY_HASH_SECRET: required in production by/);
        expect(m).not.toMatch(/SMTP_URL|APP_URL|NEXTAUTH_SECRET|DATABASE_URL/);
        // A weak secret matters to the command that uses it only.
        expect(() => parseEnv({ ...db, KEY_HASH_SECRET: "k".repeat(40) }, command)).toThrow(
          /too predictable/,
        );
        expect(parseEnv({ ...db, KEY_HASH_SECRET: "k".repeat(40) }, "migrate").NODE_ENV).toBe("production");
      }
    });

    it("the server still needs everything, and names only what is missing", () => {
      expect(() =>
        parseEnv({ ...db, ...secret, NEXTAUTH_SECRET: random(), APP_URL: "https://a.example" }),
      ).toThrow(
        /^Invalid environment variables:\n {2}SMTP_URL: required in production by the server \(npm start\)/,
      );
    });

    it("a setting a command does not need is absent, and reading it says so", () => {
      const e = parseEnv(db, "migrate");
      expect(() => e.APP_URL).toThrow(/APP_URL: not set, and npm run db:migrate was not expected to need it/);
      expect(() => e.KEY_HASH_SECRET).toThrow(EnvError);
      expect(Object.keys(e)).not.toContain("SMTP_URL");
      // Outside production every command gets the development defaults.
      expect(parseEnv({}, "migrate").APP_URL).toBe("http://localhost:3000");
    });
  });
});
