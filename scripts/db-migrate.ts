// npm run db:migrate — applies prisma/migrations to DATABASE_URL (creating the database outside production).
import { env } from "../lib/env";
import { ensureDatabase, migrate } from "../lib/migrate";

async function main() {
  const { DATABASE_URL, NODE_ENV } = env();
  if (NODE_ENV !== "production" && (await ensureDatabase(DATABASE_URL))) console.log("created the database");
  const applied = await migrate(DATABASE_URL);
  console.log(applied.length ? `applied ${applied.join(", ")}` : "database is up to date");
}

main().catch((err) => {
  console.error((err as Error).message);
  process.exit(1);
});
