// npm run db:migrate — applies prisma/migrations to the database (DATABASE_URL, else the one `npm run dev` would use; created outside production).
import { env, setEnvCommand } from "../lib/core/env";
import { ensureDatabase, migrate } from "../lib/core/migrate";
import { withDatabase } from "./with-database";

// Checks the environment for what this command uses (lib/core/env.ts ENV_COMMANDS), not the
// server's needs.
setEnvCommand("migrate");

async function main() {
  await withDatabase(async (database) => {
    const { DATABASE_URL, NODE_ENV } = env();
    if (NODE_ENV !== "production" && database.kind !== "embedded" && (await ensureDatabase(DATABASE_URL)))
      console.log("created the database");
    const applied = await migrate(DATABASE_URL);
    console.log(
      `${database.description}: ${applied.length ? `applied ${applied.join(", ")}` : "up to date"}`,
    );
  });
}

main().catch((err) => {
  console.error((err as Error).message);
  process.exit(1);
});
