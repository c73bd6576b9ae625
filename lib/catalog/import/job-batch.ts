// Validates and encodes jobs a batch at a time, the same way in the loader's thread and in a
// worker (worker-thread.ts): the rows or COPY text of the valid ones, the problems of the others in
// line order, and the per-country and per-combination counts, which do not depend on order.
import { COMBO_CODES, comboCode, comboKey, decodeCombo } from "../combos";
import type { BuiltWords } from "./built-words";
import type { CopyValue } from "./copy-text";
import { checkJob } from "./fast-record";
import { jobDigest } from "./job-digest";
import { type JobSeen, jobLine, jobLineStart, jobRow } from "./job-rows";
import { addWordCounts, emptyWordCounts, tallyJob, type WordCounts } from "./word-tally";

export type Problem = { line: number; message: string };

/**
 * A record with the title id the loader gave it, where its words are in the batch's BuiltWords
 * (none: the database makes them) and what the snapshot before knew of its id (seen.ts), or a
 * problem the reader found on that line.
 */
export type BatchItem =
  | {
      line: number;
      record: Record<string, unknown>;
      titleId: number;
      words?: number;
      before?: { firstSeen: string; digest: string | null; country: string };
    }
  | Problem;

/** Kinds of change, as job_changes stores them. */
export const ADDED = 1;
export const CHANGED = 2;
export const REMOVED = 3;

/** A batch's jobs that are new or changed against the snapshot before (none on a first import). */
export type BatchChanges = {
  ids: string[];
  kinds: number[];
  countries: string[];
  previous: (string | null)[];
};

/** When this import reads its jobs, and whether a snapshot before it is compared with. */
export type ImportSeen = { at: string; compare: boolean };

export type EncodedBatch = {
  /** The valid jobs as COPY text in UTF-8 (the "copy" method) or as rows (the "insert" method). */
  bytes?: Uint8Array;
  rows?: CopyValue[][];
  jobs: number;
  problems: Problem[];
  changes?: BatchChanges;
};

export type BatchTotals = {
  countryCounts: Record<string, number>;
  comboCounts: Record<string, number>;
  cleanedLinks: number;
  /** Per numbered word, the jobs holding it by combination and by country (word-tally.ts). */
  words: WordCounts;
};

const COMBOS = COMBO_CODES;
const FIRST_BYTES = 1 << 20;

/**
 * COPY text, written line by line into one buffer: encoding each line as it comes costs a third
 * of what concatenating a batch's lines and encoding the result does (the string is a rope). The
 * buffer is the batch's own, so a worker can hand it over.
 */
class LineBuffer {
  private buf = Buffer.allocUnsafeSlow(FIRST_BYTES);
  private used = 0;

  add(line: string) {
    this.room(line.length * 3); // UTF-8 bytes a UTF-16 unit can take
    this.used += this.buf.write(line, this.used);
  }

  addBytes(bytes: Uint8Array) {
    this.room(bytes.length);
    this.buf.set(bytes, this.used);
    this.used += bytes.length;
  }

  private room(bytes: number) {
    if (this.used + bytes <= this.buf.length) return;
    const bigger = Buffer.allocUnsafeSlow(Math.max(2 * this.buf.length, this.used + bytes));
    this.buf.copy(bigger, 0, 0, this.used);
    this.buf = bigger;
  }

  bytes(): Uint8Array {
    return this.buf.subarray(0, this.used);
  }
}

export class JobBatchEncoder {
  /** Per country, its jobs by combo code: comboKey strings only once, in totals(). */
  private readonly combos = new Map<string, Int32Array>();
  private cleanedLinks = 0;
  private readonly words = emptyWordCounts();

  constructor(
    private readonly snapshotId: number,
    private readonly output: "text" | "rows",
    private readonly seenAt: ImportSeen,
  ) {}

  encode(items: BatchItem[], words?: BuiltWords): EncodedBatch {
    const problems: Problem[] = [];
    const rows: CopyValue[][] = [];
    const text = this.output === "text" ? new LineBuffer() : undefined;
    const changes: BatchChanges = { ids: [], kinds: [], countries: [], previous: [] };
    let jobs = 0;
    for (const item of items) {
      if ("message" in item) {
        problems.push(item);
        continue;
      }
      const r = checkJob(item.record);
      if ("problem" in r) {
        problems.push({ line: item.line, message: r.problem });
        continue;
      }
      jobs++;
      let byCode = this.combos.get(r.country);
      if (!byCode) {
        byCode = new Int32Array(COMBOS);
        this.combos.set(r.country, byCode);
      }
      const code = comboCode(r.remote, r.employment_type, r.seniority, r.salary_source === "parsed");
      byCode[code] = (byCode[code] ?? 0) + 1;
      const at = item.words;
      const built = at === undefined ? null : (words?.bytes(at) ?? null);
      tallyJob(this.words, built, code, r.country);
      const link = item.record.apply_url;
      if (typeof link === "string" && link.trim() !== "" && r.apply_url === "") this.cleanedLinks++;
      const seen: JobSeen = {
        first: item.before?.firstSeen ?? this.seenAt.at,
        last: this.seenAt.at,
        digest: jobDigest(r),
      };
      if (this.seenAt.compare && item.before?.digest !== seen.digest) {
        changes.ids.push(r.id);
        changes.kinds.push(item.before ? CHANGED : ADDED);
        changes.countries.push(r.country);
        changes.previous.push(item.before?.country ?? null);
      }
      if (text) {
        if (built === null) text.add(jobLine(this.snapshotId, r, item.titleId, seen));
        else {
          text.add(jobLineStart(this.snapshotId, r, item.titleId, seen));
          text.addBytes(built);
          text.add("\n");
        }
      } else
        rows.push(
          jobRow(
            this.snapshotId,
            r,
            item.titleId,
            seen,
            at === undefined ? null : (words?.text(at) ?? null),
            at === undefined ? null : (words?.bits(at) ?? null),
            at === undefined ? null : (words?.more(at) ?? null),
          ),
        );
    }
    return text ? { bytes: text.bytes(), jobs, problems, changes } : { rows, jobs, problems, changes };
  }

  totals(): BatchTotals {
    const totals: BatchTotals = {
      countryCounts: {},
      comboCounts: {},
      cleanedLinks: this.cleanedLinks,
      words: this.words,
    };
    for (const [country, byCode] of this.combos)
      for (const [code, n] of byCode.entries()) {
        if (!n) continue;
        const { remote, employmentType, seniority } = decodeCombo(code);
        totals.countryCounts[country] = (totals.countryCounts[country] ?? 0) + n;
        const key = comboKey(country, remote, employmentType, seniority);
        // Parsed and stated pay share a key: the counts answer filters that ignore pay's source.
        totals.comboCounts[key] = (totals.comboCounts[key] ?? 0) + n;
      }
    return totals;
  }
}

/** Adds one encoder's totals into another's. */
export function addTotals(into: BatchTotals, from: BatchTotals): void {
  for (const [k, n] of Object.entries(from.countryCounts))
    into.countryCounts[k] = (into.countryCounts[k] ?? 0) + n;
  for (const [k, n] of Object.entries(from.comboCounts)) into.comboCounts[k] = (into.comboCounts[k] ?? 0) + n;
  into.cleanedLinks += from.cleanedLinks;
  addWordCounts(into.words, from.words);
}
