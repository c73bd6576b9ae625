// Run by `npm run build` and `npm run dev`: puts the API reference renderer (Scalar's
// self-contained browser bundle) into public/vendor, so /docs loads it from this site. No CDN:
// readers may be offline, and the pages' CSP allows scripts from this origin only.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const pkg = path.join(root, "node_modules/@scalar/api-reference");
const source = path.join(pkg, "dist/browser/standalone.js");
const target = path.join(root, "public/vendor/scalar-api-reference.js");

const { version } = JSON.parse(readFileSync(path.join(pkg, "package.json"), "utf8"));
const bundle = readFileSync(source);
if (!existsSync(target) || !readFileSync(target).equals(bundle)) {
  mkdirSync(path.dirname(target), { recursive: true });
  writeFileSync(target, bundle);
  console.log(`API reference renderer: @scalar/api-reference ${version} → public/vendor/`);
}
