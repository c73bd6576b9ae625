import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

// Two projects: `unit` (pure logic beside the code; no database, Redis or mail sink, so it runs
// anywhere) and `integration` (test/: a private database, Redis prefix and mail sink per run).
// `npm test` runs both; `npm run test:unit` the first alone.
export default defineConfig({
  resolve: { alias: { "@": fileURLToPath(new URL("./", import.meta.url)) } },
  test: {
    testTimeout: 30_000,
    hookTimeout: 120_000,
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: [
            "lib/**/*.test.ts",
            "emails/**/*.test.tsx",
            "scripts/**/*.test.ts",
            "harness/**/*.test.ts",
            "packages/**/*.test.ts",
          ],
          setupFiles: ["test/support/setup-unit-env.ts"],
          // One file at a time, as before the split; the integration files run after these.
          fileParallelism: false,
          sequence: { groupOrder: 1 },
        },
      },
      {
        extends: true,
        test: {
          name: "integration",
          include: ["test/**/*.test.ts"],
          globalSetup: ["test/support/global-setup.ts"],
          setupFiles: ["test/support/setup-env.ts"],
          // Integration files share one database; running them one at a time keeps fixtures simple.
          fileParallelism: false,
          sequence: { groupOrder: 2 },
        },
      },
    ],
  },
});
