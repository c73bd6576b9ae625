// `prisma generate` without network: every Prisma CLI command first tries to download the
// schema engine, which generate does not use. Pointing the variable at any executable skips that.
import { spawnSync } from "node:child_process";

const env = { ...process.env, PRISMA_HIDE_UPDATE_MESSAGE: "1" };
env.PRISMA_SCHEMA_ENGINE_BINARY ??= process.execPath;
const result = spawnSync("npx", ["--no-install", "prisma", "generate"], {
  stdio: ["ignore", "ignore", "inherit"],
  env,
});
if (result.status !== 0) {
  console.error("prisma generate failed");
  process.exit(result.status ?? 1);
}
