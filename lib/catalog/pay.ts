// GET /v1/jobs/pay: what a search's matches advertise, per currency: the percentiles of their
// annualised pay over the same sample facets count (the first FACET_SAMPLE matches in the
// search's order), and nothing for a currency with too few salaries to say anything.
import { z } from "zod";
import { Prisma } from "../generated/prisma/client";
import type { CountryFilter } from "./countries";
import { PayPercentilesShape } from "./facet-schemas";
import { sampleLead, sampleMeta, sampleTotal } from "./facets";
import { SAMPLE_SALARIES_SQL, sampleSql } from "./facets-sql";
import type { JobFilters } from "./filters";
import { amountsByCurrency, percentiles } from "./histogram";
import { QueryMetaSchema } from "./keyword-schemas";
import { PAY_SAMPLE_MIN } from "./limits";
import { catalogDb, liveSnapshot } from "./live";
import { withSharedCity } from "./shared-keys";
import { answerCache, importedTotal } from "./totals";
import { titleToTsQuery } from "./tsquery";

const COUNT = z.number().int().min(0).max(2_147_483_647);

export const PayResponseSchema = z.object({
  pay: z
    .array(
      z.object({
        currency: z
          .string()
          .regex(/^[A-Z]{3}$/)
          .length(3),
        period: z.literal("year"),
        count: COUNT.describe("Salaried matches in this currency the percentiles are over"),
        ...PayPercentilesShape,
      }),
    )
    .max(200)
    .describe(
      `One entry per currency with at least ${PAY_SAMPLE_MIN} salaried matches, the most common first`,
    ),
  meta: z.object({
    total: COUNT.describe("Matches, by the same rule as GET /v1/jobs meta.total"),
    total_exact: z.boolean(),
    counted: COUNT.describe("Matches the pay was read from (at most 10,000)"),
    exact: z.boolean().describe("true when every match was read; false: the first 10,000 in search order"),
    salaried: COUNT.describe("Matches among those read that advertise a salary, in any currency"),
    min_sample: COUNT.describe("Salaried matches one currency needs before its percentiles are given"),
    reset_local: z.string().max(40).optional(),
    query: QueryMetaSchema.optional().describe("With q: what was searched"),
  }),
});

export type Pay = z.infer<typeof PayResponseSchema>;

type Row = { salaries: { currency: string; amount: number }[] | null; n: number };

const cache = answerCache<Pay>(2_000, (kept, total) => ({
  ...kept,
  meta: { ...kept.meta, ...sampleMeta(kept.meta.counted, total) },
}));

/** The pay of a search's matches; `pay` is empty when no currency has enough of them. */
export async function jobPay(input: {
  title?: string;
  filter?: CountryFilter;
  filters: JobFilters;
}): Promise<Pay> {
  const live = await liveSnapshot();
  const tsquery = input.title ? titleToTsQuery(input.title) : null;
  const empty = {
    total: 0,
    total_exact: true,
    counted: 0,
    exact: true,
    salaried: 0,
    min_sample: PAY_SAMPLE_MIN,
  };
  if (!live) return { pay: [], meta: empty };
  const filters = await withSharedCity(input.filters, live.id);
  const key = JSON.stringify([tsquery, filters]);
  const hit = cache.get(live.id, key);
  if (hit) return hit;
  const lead = await sampleLead(live, filters, tsquery);
  const sample = sampleSql(tsquery, filters, live.id, lead);
  const [rows, imported] = await Promise.all([
    catalogDb(live.id).$queryRaw<Row[]>(Prisma.sql`WITH m AS MATERIALIZED (${sample})
      SELECT ${SAMPLE_SALARIES_SQL} AS salaries, (SELECT count(*)::int FROM m) AS n`),
    importedTotal(input, live, filters, tsquery, lead),
  ]);
  const n = rows[0]?.n ?? 0;
  const { count, waitsFor } = await sampleTotal(input, live, filters, tsquery, lead, { imported, n });
  const salaries = rows[0]?.salaries ?? [];
  const out: Pay = {
    pay: amountsByCurrency(salaries)
      .filter(([, amounts]) => amounts.length >= PAY_SAMPLE_MIN)
      .map(([currency, amounts]) => ({
        currency,
        period: "year" as const,
        count: amounts.length,
        ...percentiles(amounts),
      })),
    meta: { ...sampleMeta(n, count), salaried: salaries.length, min_sample: PAY_SAMPLE_MIN },
  };
  cache.set(live.id, key, out, waitsFor);
  return out;
}
