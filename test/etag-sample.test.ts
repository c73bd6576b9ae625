// The docs' ETag example, run as a reader runs it: the shell commands from /docs, with curl,
// against the routes on a fresh demo catalog. The first request must answer 200 and the
// second, sending back the first one's tag, 304.
import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { importDemo } from "@/lib/catalog/demo/import-demo";
import { KEY_ENV } from "@/lib/core/key-placeholder";
import { ETAG_SAMPLE_PATH, etagSample } from "@/lib/site/etag-sample";
import { createTestKey } from "./support/api-keys";
import { request } from "./support/http";

const run = promisify(execFile);
const answered: { path: string; status: number }[] = [];
let server: Server;
let origin: string;

beforeAll(async () => {
  await importDemo(process.env.DATABASE_URL!, { jobs: 200 });
  // The routes over real HTTP, so curl can call them.
  server = createServer(async (req, res) => {
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(req.headers))
      if (typeof value === "string") headers[name] = value;
    const answer = await request(req.url ?? "/", { method: req.method, headers, key: null });
    answered.push({ path: req.url ?? "", status: answer.status });
    res.writeHead(answer.status, Object.fromEntries(answer.headers));
    res.end(Buffer.from(await answer.arrayBuffer()));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}, 120_000);

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe("the docs' ETag example", () => {
  it("answers 200, then 304 to the tag it kept", async () => {
    const { key } = await createTestKey();
    const { stdout } = await run("bash", ["-euo", "pipefail", "-c", etagSample(origin)], {
      env: { ...process.env, [KEY_ENV]: key },
    });
    expect(answered).toEqual([
      { path: ETAG_SAMPLE_PATH, status: 200 },
      { path: ETAG_SAMPLE_PATH, status: 304 },
    ]);
    expect(stdout).toMatch(/^HTTP\/1\.1 304 /);
  });

  it("is the example docs/api.md shows", () => {
    expect(readFileSync("docs/api.md", "utf8")).toContain(etagSample("https://api.example.com"));
  });
});
