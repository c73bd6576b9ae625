// The salary medians (and percentiles) of a snapshot: validated and loaded whole (a few
// thousand rows at most), or carried over from the live snapshot when the import brings none.
import type pg from "pg";
import { cleanSalaryRecord } from "./clean-record";
import type { CopyValue } from "./copy-text";
import { ImportError, MAX_PROBLEMS } from "./import-error";
import type { Problem } from "./job-batch";
import type { Numbered } from "./read";
import { describeIssue, SalaryRecordSchema } from "./records";
import { type LoadMethod, openSink } from "./sink";

const SALARY_COLUMNS = [
  "snapshot_id",
  "level",
  "country_code",
  "name_key",
  "name",
  "median",
  "p10",
  "p25",
  "p75",
  "p90",
  "currency",
  "period",
  "sample_size",
  "as_of",
] as const;

export async function loadSalaries(
  client: pg.PoolClient,
  snapshotId: number,
  method: LoadMethod,
  source?: AsyncIterable<Numbered>,
): Promise<number> {
  if (!source) {
    const res = await client.query(
      `INSERT INTO salary_snapshots (snapshot_id, level, country_code, name_key, name, median, p10, p25, p75, p90, currency, period, sample_size, as_of)
       SELECT $1, level, country_code, name_key, name, median, p10, p25, p75, p90, currency, period, sample_size, as_of FROM salary_snapshots
       WHERE snapshot_id = (SELECT snapshot_id FROM catalog_live WHERE id = 1)`,
      [snapshotId],
    );
    return res.rowCount ?? 0;
  }
  const problems: Problem[] = [];
  const keys = new Set<string>();
  const rows: CopyValue[][] = [];
  for await (const item of source) {
    if ("skipped" in item) continue;
    if ("problem" in item) problems.push({ line: item.line, message: `salaries: ${item.problem}` });
    else {
      const parsed = SalaryRecordSchema.safeParse(cleanSalaryRecord(item.record));
      if (!parsed.success)
        problems.push({ line: item.line, message: `salaries: ${describeIssue(parsed.error)}` });
      else {
        const r = parsed.data;
        const key = `${r.level}|${r.country}|${r.name_key}`;
        if (keys.has(key))
          problems.push({
            line: item.line,
            message: `salaries: ${r.level} "${r.name}" (${r.country}) appears twice`,
          });
        keys.add(key);
        rows.push([
          snapshotId,
          r.level,
          r.country,
          r.name_key,
          r.name,
          r.median,
          r.p10,
          r.p25,
          r.p75,
          r.p90,
          r.currency,
          r.period,
          r.sample_size,
          r.as_of,
        ]);
      }
    }
    if (problems.length >= MAX_PROBLEMS) break;
  }
  if (problems.length) throw new ImportError(problems);
  const sink = openSink(client, method, "salary_snapshots", SALARY_COLUMNS);
  for (const row of rows) {
    const wait = sink.write(row);
    if (wait !== undefined) await wait;
  }
  await sink.end();
  return rows.length;
}
