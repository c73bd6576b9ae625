// Creates a private database for this test run, migrates it, and drops it afterwards:
// CI shares the machine's Postgres with other runs.
import { randomBytes } from "node:crypto";
import type { TestProject } from "vitest/node";
import { dropDatabase, ensureDatabase, migrate } from "../lib/migrate";

declare module "vitest" {
  export interface ProvidedContext {
    databaseUrl: string;
  }
}

export default async function setup(project: TestProject) {
  const base = new URL(process.env.TEST_DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres");
  base.pathname = `/jobs_test_${process.pid}_${randomBytes(3).toString("hex")}`;
  const databaseUrl = base.toString();
  await ensureDatabase(databaseUrl);
  await migrate(databaseUrl);
  project.provide("databaseUrl", databaseUrl);
  return async () => {
    await dropDatabase(databaseUrl);
  };
}
