// The words the loader builds for a job are the very tsvector PostgreSQL's own expression makes
// of its title, company and description: checked on demo jobs in every language and on random
// texts made of what trips a tokenizer (numbers, hyphens, hosts, e-mail addresses, entities,
// accents, quotes, stop words, long runs).
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoJobs } from "@/lib/catalog/demo/generate";
import { type JobTexts, JobWords } from "@/lib/catalog/import/job-words";
import { JOB_WORDS_SQL, PIECES_SQL, type PieceRow, piecesFromRows } from "@/lib/catalog/import/job-words-sql";
import { importSnapshot } from "@/lib/catalog/import/load";
import { loadCatalog, numbered, type Rec } from "./support/fixtures";

let pool: pg.Pool;
beforeAll(() => {
  pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 2 });
});
afterAll(async () => {
  await loadCatalog();
  await pool.end();
});

function wordsOf(asked: { n: number }) {
  return new JobWords(async (pieces) => {
    asked.n += pieces.length;
    const { rows } = await pool.query<PieceRow>(PIECES_SQL, [pieces]);
    return piecesFromRows(pieces.length, rows);
  });
}

/** The jobs whose built words differ from the database's, by index. */
async function differing(jobs: readonly JobTexts[], built: (string | null)[]): Promise<number[]> {
  const { rows } = await pool.query<{ i: string }>(
    `SELECT t.i FROM unnest($1::text[], $2::text[], $3::text[], $4::text[]) WITH ORDINALITY
       AS t(title, company, description, words, i)
     WHERE t.words IS NULL OR t.words::tsvector IS DISTINCT FROM (${JOB_WORDS_SQL})`,
    [jobs.map((j) => j[0]), jobs.map((j) => j[1]), jobs.map((j) => j[2]), built],
  );
  return rows.map((r) => Number(r.i) - 1);
}

// Small seeded generator: the same texts every run.
function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s ^ (s >>> 15), 0x2c1b3c6d) + 0x6d2b79f5) >>> 0;
    return s / 2 ** 32;
  };
}

// Split on plain spaces only: the no-break space below is one of the tokens.
const TRICKY = [
  ...`the and of Python python, C++ C# Node.js node.js. e.g. i.e., full-time Full-Time co-op
    self-motivated, -senior -- 401(k) (k) 3.5 1,000 -1 +44 v2.1.3 10% $80,000 €60k 50k-70k 24/7
    CI/CD and/or /usr/bin foo@example.com x@y https://example.com/a?b=1 www.acme.io AT&T &amp; &
    R&D don't O'Neil l'équipe café Müller naïve ÉCOLE straße Zürich niño façade — – … “quoted”
    "quoted" 'single' @ #hashtag _under_score a_b x.y.z ab1 1ab 1-2 a-1 ü-bahn Entwickler/in
    (m/w/d) ingénieur(e) ¡Hola! ¿Qué? über-cool mid-level. zqxjkv running runs engineering
    ENGINEERS analysts' employer's \u00a0 x\u00a0y emoji🙂ok 日本語 ١٢٣`.split(/[ \n]+/),
  "1 000",
  "~10",
  "..",
  "...",
  "./configure",
  ".NET",
  "~/.bashrc",
  "~",
  ". ~ .",
  "C:\\Temp\\x",
  "a\\b",
  "\\",
  "a".repeat(40),
  "b".repeat(300),
];
const SPACES = [" ", " ", " ", "  ", "\n", "\n\n", "\t", "\r\n", " \f "];

function trickyText(r: () => number, words: number): string {
  let out = "";
  for (let i = 0; i < words; i++) {
    out += TRICKY[Math.floor(r() * TRICKY.length)];
    out += SPACES[Math.floor(r() * SPACES.length)];
  }
  return r() < 0.5 ? out.trim() : out;
}

describe("the loader's job words", () => {
  it("are the database's own words for 2,000 demo jobs, asking for each piece once", async () => {
    const jobs: JobTexts[] = [];
    for (const j of demoJobs({ jobs: 2_000, seed: 7 }))
      jobs.push([String(j.title), String(j.company), String(j.description ?? "")]);
    const asked = { n: 0 };
    const words = wordsOf(asked);
    const built: (string | null)[] = [];
    for (let i = 0; i < jobs.length; i += 250)
      built.push(...(await words.build(jobs.slice(i, i + 250))).texts());
    expect(built.filter((w) => w === null)).toHaveLength(0);
    expect(await differing(jobs, built)).toEqual([]);
    // Pieces repeat: far fewer questions than pieces.
    const pieces = jobs.reduce((n, j) => n + j.join(" ").split(/\s+/).length, 0);
    expect(asked.n).toBeLessThan(pieces / 10);
  });

  it("are the database's own words for 3,000 random texts of tricky tokens", async () => {
    const r = rng(20261127);
    const jobs: JobTexts[] = Array.from({ length: 3_000 }, () => [
      trickyText(r, 1 + Math.floor(r() * 6)) || "x",
      trickyText(r, 1 + Math.floor(r() * 3)) || "y",
      trickyText(r, Math.floor(r() * 80)),
    ]);
    const words = wordsOf({ n: 0 });
    const built = (await words.build(jobs)).texts();
    // A text starting with '.' or '~' is read apart from the same piece after white space.
    const apart = jobs.map((j) => j.some((t) => /^[.~]/.test(t)));
    expect(built.map((w) => w === null)).toEqual(apart);
    expect(apart.filter(Boolean).length).toBeGreaterThan(100);
    const kept = jobs.filter((_, i) => !apart[i]);
    expect(
      await differing(
        kept,
        built.filter((w) => w !== null),
      ),
    ).toEqual([]);
  });

  it("leave markup and texts past the database's limits to the database", async () => {
    const words = wordsOf({ n: 0 });
    const jobs: JobTexts[] = [
      ["Engineer", "Acme", 'Use <b class="x y">bold</b> words'],
      ["Engineer", "Acme", "python ".repeat(300)],
      ["Engineer", "Acme", "Python and Django"],
    ];
    const built = (await words.build(jobs)).texts();
    expect(built[0]).toBeNull();
    expect(built[1]).toBeNull();
    expect(built[2]).not.toBeNull();
    expect(await differing(jobs.slice(2), built.slice(2))).toEqual([]);
  });
});

describe("an import", () => {
  it("stores every job's words as the database's expression makes them, markup and all", async () => {
    const demo = [...demoJobs({ jobs: 1_200, seed: 5, asOf: new Date("2026-11-21T00:00:00Z") })] as Rec[];
    demo[3] = { ...demo[3], description: "Pay: base < bonus; see <b>the terms</b> of the role" };
    demo[9] = { ...demo[9], description: "python ".repeat(400) };
    // A text's first piece is read without white space before it; titles are stored trimmed.
    demo[5] = {
      ...demo[5],
      title: "\u00a0~10x Engineer",
      description: ".NET and ~10 engineers: ./configure ..",
    };
    demo[6] = { ...demo[6], company: " ~Tilde Ltd", description: " .NET, ~/.bashrc" };
    const result = await importSnapshot(process.env.DATABASE_URL!, { label: "words", jobs: numbered(demo) });
    expect(result.wordsByDatabase).toBe(4);
    const { rows } = await pool.query<{ all: string; wrong: string }>(
      `SELECT count(*) AS all, count(*) FILTER (WHERE search IS DISTINCT FROM (${JOB_WORDS_SQL})) AS wrong
       FROM jobs WHERE snapshot_id = $1`,
      [result.snapshotId],
    );
    expect(rows[0]).toEqual({ all: String(result.jobs), wrong: "0" });
    // Copies, grouped out of searches, keep none: they are never searched by keyword.
    const copies = await pool.query<{ n: string; words: string }>(
      "SELECT count(*) AS n, count(search) AS words FROM job_copies WHERE snapshot_id = $1",
      [result.snapshotId],
    );
    expect(copies.rows[0]).toEqual({ n: String(demo.length - result.jobs), words: "0" });
  });
});
