import { describe, expect, it } from "vitest";
import { demoJobs } from "../demo/generate";
import { EMPLOYMENT_TYPES, REMOTE_VALUES, SENIORITY_VALUES } from "../schemas";
import { fastJobRecord } from "./fast-record";
import { describeIssue, JobRecordSchema } from "./records";

type Raw = Record<string, unknown>;

// Values each column may meet: valid ones, their edges, and wrong ones.
const long = (n: number) => "x".repeat(n);
const textEdges = (max: number) => [
  "T",
  " padded ",
  "\u00a0nbsp\ufeff",
  "",
  "   ",
  long(max),
  ` ${long(max)} `,
  long(max + 1),
  "😀".repeat(max / 2),
  "😀".repeat(max / 2 + 1),
  "😀".repeat(max),
  "😀".repeat(max + 1),
  "\ud83d".repeat(max + 1),
  `${"😀".repeat(max - 1)}\ud83d`,
  "a\u0000b",
  "é\tq\\",
  5,
  null,
  undefined,
  true,
];
const EDGES: Record<string, unknown[]> = {
  id: [
    "a",
    "A.b_c-9",
    12345,
    2 ** 53 - 1,
    2 ** 53 + 2,
    0,
    -1,
    1.5,
    Number.NaN,
    long(64),
    long(65),
    "",
    " a",
    "a b",
    "a/b",
    null,
    undefined,
    {},
  ],
  title: textEdges(300),
  company: textEdges(200),
  apply_url: [
    "https://x.example.com/a",
    "javascript:alert(1)",
    "",
    null,
    undefined,
    5,
    "mailto:a@b.co",
    " http://x.y/ ",
  ],
  location: [...textEdges(200), "Lyon, France"],
  city: [...textEdges(120), "Zürich", "São Paulo"],
  country: ["DE", "de", "deu", " DE ", "UK", "uk", "XX", "", null, undefined, 5, "GBR", "D", "DEUT", "EU"],
  employment_type: [...EMPLOYMENT_TYPES, "", null, undefined, "Full_Time", " contract", 1],
  salary_min: [
    null,
    undefined,
    "",
    " ",
    "0",
    "12",
    " 12 ",
    "1e3",
    "0x10",
    "-0",
    "-1",
    "1.5",
    1.5,
    -1,
    0,
    -0,
    2e9,
    2e9 + 1,
    "abc",
    Number.POSITIVE_INFINITY,
    Number.NaN,
    true,
    30_000,
  ],
  salary_max: [null, undefined, "", "50000", 50_000, 1, 2e9, 2e9 + 1, "x", 9.5, 40_000],
  salary_currency: ["EUR", "eur", "", null, undefined, "EU", "EURO", " EUR", 5],
  salary_period: ["year", "month", "hour", "", null, undefined, "week", "Year", 1],
  posted_at: [
    "2026-11-01",
    "2026-11-01T08:00:00Z",
    "2026-11-01T08:00:00.123+02:00",
    "2024-02-29",
    "2026-02-29",
    "2026-02-30",
    "2026-13-01",
    "2026-11-01T25:00:00Z",
    "2026-11-01 08:00",
    " 2026-11-01",
    "+002026-11-01",
    "9999-12-31T23:00:00Z",
    "9999-12-31T23:59:59-05:00",
    "0000-01-01",
    "1890-01-01",
    "yesterday",
    "",
    null,
    undefined,
    5,
  ],
  description: [
    "",
    null,
    undefined,
    "d",
    "two\n\nparagraphs",
    long(50_000),
    long(50_001),
    "é😀".repeat(25_000),
    "😀".repeat(50_001),
    "a\u0000",
    5,
    "  padded  ",
  ],
  remote: [...REMOTE_VALUES, "", null, undefined, "Remote", 1],
  seniority: [...SENIORITY_VALUES, "", null, undefined, "Senior", 1],
};

const BASES: Raw[] = [
  { id: "a-1", title: "Baker", company: "Crumb GmbH", country: "DE", posted_at: "2026-11-02" },
  {
    id: "b-2",
    title: "  Welder, Night Shift ",
    company: "Forge Ltd",
    apply_url: "https://forge.example.com/apply",
    location: "",
    city: "Leeds",
    country: "gbr",
    employment_type: "full_time",
    salary_min: "30000",
    salary_max: 35_000,
    salary_currency: "GBP",
    salary_period: "month",
    posted_at: "2026-11-01T08:00:00Z",
    description: "Line one\nline two",
    remote: "hybrid",
    seniority: "senior",
    extra: "ignored",
  },
];

/** The two paths agree: the fast one answers exactly when the schema accepts, with its record. */
function agree(raw: Raw): boolean {
  const zod = JobRecordSchema.safeParse(raw);
  const fast = fastJobRecord(raw);
  expect(fast !== undefined, JSON.stringify(raw)).toBe(zod.success);
  if (zod.success) expect(fast).toStrictEqual(zod.data);
  return zod.success;
}

describe("fastJobRecord", () => {
  it("agrees with JobRecordSchema on every edge value of every column", () => {
    let valid = 0;
    let invalid = 0;
    for (const base of BASES)
      for (const [column, values] of Object.entries(EDGES))
        for (const value of values) {
          const raw = { ...base, [column]: value };
          if (value === undefined) delete raw[column];
          if (agree(raw)) valid++;
          else invalid++;
        }
    expect(valid).toBeGreaterThan(150);
    expect(invalid).toBeGreaterThan(150);
  });

  it("agrees on random mixes of those values", () => {
    let seed = 7;
    const next = () => {
      seed = (Math.imul(seed, 1_103_515_245) + 12_345) >>> 0;
      return seed / 2 ** 32;
    };
    let valid = 0;
    for (let i = 0; i < 4_000; i++) {
      const raw: Raw = { ...BASES[i % BASES.length] };
      for (const [column, values] of Object.entries(EDGES))
        if (next() < 0.25) raw[column] = values[Math.floor(next() * values.length)];
      if (agree(raw)) valid++;
    }
    expect(valid).toBeGreaterThan(100);
  });

  it("takes the fast path for every demo record", () => {
    for (const job of demoJobs({ jobs: 3_000, seed: 3, asOf: new Date("2026-11-21T00:00:00Z") }))
      expect(agree(job)).toBe(true);
  });
  it("refuses an id number that lost digits in JSON, and instants past the year 9999", () => {
    const base = BASES[0] as Raw;
    const problem = (raw: Raw) => {
      const r = JobRecordSchema.safeParse(raw);
      return r.success ? null : describeIssue(r.error);
    };
    expect(problem({ ...base, id: JSON.parse("12345678901234567891") })).toMatch(/write it as a string/);
    expect(problem({ ...base, id: 2 ** 53 - 1 })).toBeNull();
    expect(problem({ ...base, id: 1.5 })).toBeNull();
    expect(problem({ ...base, posted_at: "9999-12-31T23:59:59-05:00" })).toMatch(
      /between the years 1 and 9999/,
    );
    expect(problem({ ...base, expires_at: "9999-12-31T23:59:59-05:00" })).toMatch(
      /between the years 1 and 9999/,
    );
    expect(problem({ ...base, expires_at: "9999-12-31T23:59:59Z" })).toBeNull();
  });
});
