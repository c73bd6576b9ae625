// Part of npm run build: server.ts and the lib/ modules it imports, bundled into one plain
// JavaScript file (.next/server.mjs) that npm start runs with node alone: through tsx the
// server would carry tsx's loader thread, its memory and CPU, on every request (figures in
// docs/performance.md). npm packages stay outside the bundle, loaded from node_modules.
import { createRequire } from "node:module";
import { build } from "esbuild";

// JSON a package ships (a country list) goes inside the bundle: Node would load it from
// node_modules only with an import attribute the sources do not carry.
const bundleJson = {
  name: "bundle-json",
  setup(b) {
    b.onResolve({ filter: /\.json$/ }, (args) => ({
      path: createRequire(args.importer || import.meta.url).resolve(args.path),
    }));
  },
};

await build({
  entryPoints: ["server.ts"],
  outfile: ".next/server.mjs",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  logLevel: "warning",
  plugins: [bundleJson],
});
