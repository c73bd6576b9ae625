// What an import does with the text and the shape of a file: markup in any field of any format
// is served as plain text, UTF-8 survives any chunk edge, and a file is read by its content,
// whatever its name.
import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { importSnapshot } from "@/lib/catalog/import/load";
import { type Numbered, readFile } from "@/lib/catalog/import/read";
import { JOB_COLUMNS, SALARY_COLUMNS } from "@/lib/catalog/import/records";
import { job } from "./support/fixtures";
import { getJson } from "./support/http";

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "import-text-"));
});
afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

async function write(name: string, content: string | Buffer) {
  const file = path.join(dir, name);
  await writeFile(file, content);
  return file;
}
async function records(file: string, columns: readonly string[] = JOB_COLUMNS) {
  const out: Numbered[] = [];
  for await (const item of readFile(file, columns)) out.push(item);
  return out;
}
const load = (file: string) =>
  importSnapshot(process.env.DATABASE_URL!, {
    label: path.basename(file),
    jobs: readFile(file, JOB_COLUMNS),
    reread: () => readFile(file, JOB_COLUMNS),
  });
const detail = async (id: string) => (await getJson(`/v1/jobs/${encodeURIComponent(id)}`)).body;

const ENCODED = "&lt;script&gt;alert(1)&lt;/script&gt;";
const RAW = "<script>alert(1)</script>";
const posting = (id: string, extra: Record<string, unknown> = {}) => ({
  "@context": "https://schema.org/",
  "@type": "JobPosting",
  identifier: id,
  title: `Baker ${ENCODED}`,
  hiringOrganization: { "@type": "Organization", name: `Crumb ${ENCODED}` },
  jobLocation: { address: { addressLocality: `Köln${ENCODED}`, addressCountry: "DE" } },
  datePosted: "2026-11-01",
  description: `<p>Bread</p>${ENCODED}`,
  ...extra,
});

/** Every string the API serves for the job: none may hold anything that opens a tag. */
function expectNoMarkup(body: Record<string, unknown>) {
  for (const [field, value] of Object.entries(body))
    if (typeof value === "string") expect(value, field).not.toMatch(/<[a-zA-Z/!?]/);
}

describe("markup in imported text", () => {
  it("is served as plain text from every field of a JobPosting, not only the description", async () => {
    await load(await write("markup.jsonld", JSON.stringify([posting("m-1")])));
    const body = await detail("m-1");
    expectNoMarkup(body);
    expect(body).toMatchObject({
      title: "Baker ‹script>alert(1)‹/script>",
      company: "Crumb ‹script>alert(1)‹/script>",
      city: "Köln‹script>alert(1)‹/script>",
      location: "Köln‹script>alert(1)‹/script>, Germany",
      description: "Bread\n\n‹script>alert(1)‹/script>",
    });
  });

  it("is cleaned the same way in JSON Lines and CSV, raw or encoded", async () => {
    const jsonl = [
      job("l-1", `<b>Welder</b> ${RAW}`, "DE", 1, {
        company: `Forge ${ENCODED}`,
        city: `<i>Essen</i>\u0000`,
        location: `Essen ${RAW}`,
        description: `<p>Hot</p><p>work ${RAW}</p>`,
      }),
    ];
    await load(await write("markup.jsonl", jsonl.map((r) => JSON.stringify(r)).join("\n")));
    const l1 = await detail("l-1");
    expectNoMarkup(l1);
    expect(l1).toMatchObject({
      title: "Welder",
      company: "Forge ‹script>alert(1)‹/script>",
      city: "Essen",
      location: "Essen",
      description: "Hot\n\nwork",
    });
    const csv = `id,title,company,country,posted_at,city,description\nc-1,"<b>Baker</b>${ENCODED}","Crumb${RAW}",DE,2026-11-01,"Bonn${RAW}","<ul><li>a</li><li>b</li></ul>"\n`;
    await load(await write("markup.csv", csv));
    const c1 = await detail("c-1");
    expectNoMarkup(c1);
    expect(c1).toMatchObject({
      title: "Baker‹script>alert(1)‹/script>",
      company: "Crumb",
      city: "Bonn",
      description: "• a\n• b",
    });
  });
});

describe("UTF-8 across the reader's 1 MiB chunks", () => {
  // The file is read in chunks of 1 MiB: put "ü" (two bytes) across the first edge, in a small
  // record after 1 MiB of blank lines or spaces (which every reader skips). The JobPosting
  // reader decoded each chunk on its own, and made "M��ller" of it.
  const EDGE = 1 << 20;
  const padded = (layout: (pad: string) => string, blank: string) => {
    const bare = layout("");
    const at = Buffer.byteLength(bare.slice(0, bare.indexOf("Müller")));
    const text = layout(blank.repeat(EDGE - 2 - at)); // "M" at EDGE - 2, "ü" at EDGE - 1 and EDGE
    expect(
      Buffer.from(text)
        .subarray(EDGE - 2, EDGE + 1)
        .toString("latin1"),
    ).toBe("MÃ¼");
    return text;
  };
  const company = (items: Numbered[]) => items.flatMap((i) => ("record" in i ? [i.record.company] : []));

  it("stays whole in a JobPosting feed", async () => {
    const feed = (pad: string) =>
      `[${pad}${JSON.stringify({ ...posting("u-1"), hiringOrganization: "Müller" })}]`;
    expect(company(await records(await write("edge.jsonld", padded(feed, " "))))).toEqual(["Müller"]);
  });
  it("stays whole in JSON Lines and CSV", async () => {
    const line = (pad: string) =>
      `${pad}${JSON.stringify({ ...job("u-2", "T", "DE", 1), company: "Müller" })}\n`;
    expect(company(await records(await write("edge.jsonl", padded(line, "\n"))))).toEqual(["Müller"]);
    const csv = (pad: string) => `id,title,country,posted_at,company\n${pad}u-3,T,DE,2026-11-01,Müller\n`;
    expect(company(await records(await write("edge.csv", padded(csv, "\n"))))).toEqual(["Müller"]);
  });
});

describe("a file is read by its content, whatever its name", () => {
  it("takes a .json array of JobPostings, a single posting, a @graph and JSON Lines of either kind", async () => {
    const array = await write(
      "scraper.json",
      JSON.stringify([posting("s-1"), posting("s-2", { description: "<p>Rolls</p>" })], null, 2),
    );
    expect(await load(array)).toMatchObject({ jobs: 2 });
    const single = await write("one.txt", JSON.stringify(posting("s-3")));
    expect(await load(single)).toMatchObject({ jobs: 1 });
    const graph = {
      "@context": "https://schema.org",
      "@graph": [posting("s-4"), { "@type": "Organization" }],
    };
    expect(await load(await write("graph.json", JSON.stringify(graph)))).toMatchObject({
      jobs: 1,
      otherNodes: 1,
    });
    const postingLines = [posting("s-5"), posting("s-6", { description: "<p>Rolls</p>" })]
      .map((p) => JSON.stringify(p))
      .join("\n");
    expect(await load(await write("feed.jsonl", postingLines))).toMatchObject({ jobs: 2 });
    const ours = [job("s-7", "A", "DE", 1), job("s-8", "B", "FR", 1)];
    expect(await load(await write("ours.csv", ours.map((r) => JSON.stringify(r)).join("\n")))).toMatchObject({
      jobs: 2,
    });
    expect(await load(await write("ours.jsonld", JSON.stringify(ours)))).toMatchObject({ jobs: 2 });
    const csv = "\ufeffid,title,company,country,posted_at\ns-9,Baker,Crumb,DE,2026-11-01\n";
    expect(await load(await write("export.txt", csv))).toMatchObject({ jobs: 1 });
    expect((await detail("s-9")).title).toBe("Baker");
  });

  it.each([
    ["empty.json", "  \n", /the file is empty/],
    ["page.json", '<html><script type="application/ld+json">{}</script></html>', /HTML page with JSON-LD/],
    ["page.html", "<!doctype html><html><body>Jobs</body></html>", /looks like HTML without JobPosting data/],
    ["feed.xml", '<?xml version="1.0"?><jobs><job/></jobs>', /looks like XML without JobPosting data/],
    ["jobs.jsonl", Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3, 0, 0]), /compressed archive/],
    ["jobs.csv", Buffer.from([0x00, 0x01, 0x02, 0xff, 0xfe, 0x41]), /binary data/],
    ["jobs.csv", "id;title;company;country;posted_at\n", /separated by semicolons/],
    ["notes.csv", "dear team, here are the jobs\n", /names none of the columns/],
  ])("refuses %s, saying what it looks like and what is accepted", async (name, content, what) => {
    const [item, ...rest] = await records(await write(name, content));
    expect(rest).toEqual([]);
    expect(item).toMatchObject({ line: 1 });
    const problem = (item as { problem: string }).problem;
    expect(problem).toMatch(what);
    expect(problem).toMatch(/Accepted, whatever the file's name: JSON Lines .* CSV .* JobPosting JSON-LD/);
  });

  it("reads salary files by content too, and refuses JobPostings there", async () => {
    const csv = await write(
      "s.txt",
      "level,country,median,currency,sample_size,as_of\ncountry,DE,50000,EUR,5,2026-11-01\n",
    );
    expect(await records(csv, SALARY_COLUMNS)).toMatchObject([{ line: 2, record: { country: "DE" } }]);
    const [item] = await records(await write("s.json", JSON.stringify([posting("x")])), SALARY_COLUMNS);
    expect((item as { problem: string }).problem).toMatch(/looks like schema.org JSON-LD\. A salary file is/);
  });

  it("the CLI refuses such a file before touching the database, and --format overrides the guess", async () => {
    const run = (...args: string[]) =>
      promisify(execFile)("npx", ["tsx", "scripts/catalog-import.ts", ...args], { env: process.env }).then(
        (r) => ({ code: 0, ...r }),
        (e: { code: number; stdout: string; stderr: string }) => e,
      );
    const html = await write("cli.json", "<html><body>no jobs</body></html>");
    const refused = await run(html);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/cli\.json: the file looks like HTML without JobPosting data/);
    expect(refused.stderr).toMatch(/Nothing was imported; the live catalog is unchanged/);
    // Records of ours, read as JobPostings because --format says so: none is a posting.
    const ours = await write("ours-forced.jsonl", JSON.stringify(job("f-1", "Baker", "DE", 1)));
    const forced = await run(ours, "--format", "jsonld");
    expect(forced.code).toBe(1);
    expect(forced.stderr).toMatch(/the file has no jobs/);
    expect((await run(ours)).code).toBe(0);
    expect((await detail("f-1")).title).toBe("Baker");
    expect((await run(ours, "--format", "xml")).stderr).toMatch(/usage: .*--format jsonl\|csv\|jsonld/);
  });
});
