// npm start — the production server: Next's own request handler behind lib/api/app-server.ts
// (lib/api/serve.ts). It runs on DATABASE_URL; the embedded development database only with
// ALLOW_EMBEDDED=1.

import { serveApp } from "./lib/api/serve";
import { openDatabase } from "./lib/embedded/open";

// Before anything reads the environment: DATABASE_URL, or the embedded database only when allowed.
const database = await openDatabase("server").catch((err: Error) => {
  console.error(err.message); // a refusal, a bad variable, or a database that cannot be opened
  process.exit(1);
});
await serveApp({ dev: false, database });
