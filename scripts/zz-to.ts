import { db } from "../lib/db";

try {
  await db().$transaction([
    db().$executeRawUnsafe("SET LOCAL statement_timeout = 10"),
    db().$queryRaw`SELECT pg_sleep(1)`,
  ]);
} catch (e) {
  const err = e as Record<string, unknown>;
  console.log(
    Object.keys(err),
    err.code,
    err.meta as object,
    String(e).slice(0, 300),
    JSON.stringify(err.cause ?? null)?.slice(0, 300),
  );
}
process.exit(0);
