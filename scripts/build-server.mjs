// Part of npm run build: server.ts and the lib/ modules it imports, bundled into one plain
// JavaScript file (.next/server.mjs) that npm start runs with node alone. Running it through
// tsx instead cost ~70 MB of RSS (tsx's loader thread) and ~10 % of the CPU per request,
// measured with npm run bench. npm packages stay outside the bundle, loaded from node_modules.
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
