// Part of npm run build: server.ts and the lib/ modules it imports, bundled into one plain
// JavaScript file (.next/server.mjs) that npm start runs with node alone: through tsx the
// server would carry tsx's loader thread, its memory and CPU, on every request (figures in
// docs/performance.md). npm packages stay outside the bundle, loaded from node_modules.
import { build } from "esbuild";

await build({
  entryPoints: ["server.ts"],
  outfile: ".next/server.mjs",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  logLevel: "warning",
});
