// The request path reads through the pool directly (hotQuery), so Prisma, which would listen
// for its pool's errors, may never start in a process. An idle connection the server closes
// must still not end the process, and one the pool holds idle is kept warm for minutes. This
// file never touches Prisma.
import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hotQuery } from "@/lib/core/db";
import { Prisma } from "@/lib/generated/prisma/client";

let admin: pg.Client;
beforeAll(async () => {
  admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
});
afterAll(() => admin.end());

describe("the database pool", () => {
  it("goes on after the server closes its idle connections, with no uncaught error", async () => {
    await Promise.all([hotQuery(Prisma.sql`SELECT 1`), hotQuery(Prisma.sql`SELECT 2`)]);
    const { rowCount } = await admin.query(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
       WHERE datname = current_database() AND pid <> pg_backend_pid() AND state = 'idle'`,
    );
    expect(rowCount).toBeGreaterThan(0);
    await new Promise((r) => setTimeout(r, 300));
    expect(await hotQuery(Prisma.sql`SELECT 3::int AS n`)).toEqual([{ n: 3 }]);
  });

  it("keeps an idle connection past node-postgres's 10 s, so its server process stays warm", async () => {
    const pid = async () =>
      (await hotQuery<{ pid: number }>(Prisma.sql`SELECT pg_backend_pid() AS pid`))[0]?.pid;
    const before = await pid();
    await new Promise((r) => setTimeout(r, 11_000));
    expect(await pid()).toBe(before);
  }, 20_000);

  it("lets a script that never disconnects end once its work is done", async () => {
    // The warm connections above would otherwise hold such a script for their ten minutes.
    const db = path.resolve("lib/core/db.ts");
    const generated = path.resolve("lib/generated/prisma/client.ts");
    const script = `
      const { db, hotQuery } = await import(${JSON.stringify(db)});
      const { Prisma } = await import(${JSON.stringify(generated)});
      await hotQuery(Prisma.sql\`SELECT 1\`);
      await db().$queryRaw\`SELECT 2\`;
      console.log("done");`;
    const started = Date.now();
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ["--import", "tsx", "--input-type=module", "-e", script],
      { timeout: 30_000 },
    );
    expect(stdout.trim()).toBe("done");
    expect(Date.now() - started).toBeLessThan(25_000);
  }, 40_000);
});
