import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { alias: { "@": fileURLToPath(new URL("./", import.meta.url)) } },
  test: {
    include: ["lib/**/*.test.ts", "test/**/*.test.ts", "scripts/**/*.test.ts", "emails/**/*.test.tsx"],
    globalSetup: ["test/global-setup.ts"],
    setupFiles: ["test/setup-env.ts"],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    // Integration files share one database; running them one at a time keeps fixtures simple.
    fileParallelism: false,
  },
});
