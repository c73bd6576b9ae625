// The app's route modules on disk, for tests that check every route against the API reference.
import { readdirSync } from "node:fs";
import path from "node:path";

export const HTTP_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"] as const;

export function routeFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory()
      ? routeFiles(path.join(dir, e.name))
      : e.name === "route.ts"
        ? [path.join(dir, e.name)]
        : [],
  );
}
