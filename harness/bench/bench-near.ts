// npm run bench:near — EXPLAIN ANALYZE of the statements a search near a place runs (its page,
// and its total: the places' counts, or the count under its deadline, which adds up the places'
// titles where it can), and of its facets,
// over the demo cities with and without other filters. Reports p50/p95/max per group, planning
// plus execution, a request's statements summed (a count past its deadline counts as the
// deadline: the API gives it up). Not a test: run it on a loaded catalog.
import pg from "pg";
import { DEMO_COUNTRIES } from "../../lib/catalog/demo/places";
import { facetsSql } from "../../lib/catalog/facets-sql";
import { hasRowFilters } from "../../lib/catalog/filters";
import { matchingTitlesSql } from "../../lib/catalog/matching-titles";
import { nearLeads } from "../../lib/catalog/near-lead";
import { addsPlaceTitles, nearPlacesTotalSql } from "../../lib/catalog/near-search";
import { searchStatements } from "../../lib/catalog/search";
import { sharedCompanyKeys } from "../../lib/catalog/shared-keys";
import { countStatements, type Statement } from "../../lib/catalog/totals";
import { titleToTsQuery } from "../../lib/catalog/tsquery";
import { disconnectDb, PG_SESSION_OPTIONS } from "../../lib/core/db";
import { env, setEnvCommand } from "../../lib/core/env";
import type { Prisma } from "../../lib/generated/prisma/client";
import { gazetteerStats } from "../../lib/places/gazetteer";
import { asInput } from "./bench-search-queries";
import { latencySummary } from "./percentiles";

setEnvCommand("bench");

type Plan = { "Planning Time": number; "Execution Time": number };

async function explain(client: pg.Client, sql: Prisma.Sql): Promise<number> {
  const { rows } = await client.query(`EXPLAIN (ANALYZE, FORMAT JSON) ${sql.text}`, sql.values as unknown[]);
  const plan = (rows[0]["QUERY PLAN"] as Plan[])[0]!;
  return plan["Planning Time"] + plan["Execution Time"];
}

const fmt = (xs: number[]) => latencySummary(xs, 1);

const VARIANTS: Record<string, string> = {
  "near alone (25 km)": "",
  "near, 100 km, by distance": "&radius_km=100&sort=distance",
  "near, 500 km, by distance, page 5": "&radius_km=500&sort=distance&page=5",
  "near + remote + type": "&remote=remote,hybrid&employment_type=full_time",
  "near + broad title": "&title=engineer",
  "near + specific title": "&title=nurse",
  "near + posted_within_days": "&posted_within_days=7&radius_km=100",
};

// Facets with a title near a place also run the search's count (it adds up the places' titles)
// once their sample is full: timed here for every place, full or not, so an upper bound.
const FACETS: Record<string, string> = {
  "facets near (25 km)": "",
  "facets near + broad title": "&title=engineer",
};

async function main() {
  const client = new pg.Client({ connectionString: env().DATABASE_URL, options: PG_SESSION_OPTIONS });
  await client.connect();
  const live = await client.query("SELECT snapshot_id AS id FROM catalog_live");
  const snapshotId = live.rows[0]?.id as number | undefined;
  if (snapshotId === undefined) throw new Error("No live catalog: import one first (npm run catalog:demo).");
  const g = gazetteerStats();
  console.log(`gazetteer: ${g.cities} cities, ${g.names} names, loaded in ${g.loadMs.toFixed(0)} ms`);
  const places = DEMO_COUNTRIES.flatMap((c) => c.cities.slice(0, 2).map((city) => `${city}, ${c.code}`));
  const now = new Date();
  const groups: Record<string, number[]> = {};
  for (const warm of [true, false])
    for (const [label, extra] of [...Object.entries(VARIANTS), ...Object.entries(FACETS)]) {
      for (const place of places) {
        const input = asInput(`near=${encodeURIComponent(place)}${extra}`, now);
        if (!input?.filters?.near) throw new Error(`the API would refuse near=${place}${extra}`);
        const filters = input.filters as typeof input.filters & {
          near: NonNullable<typeof input.filters.near>;
        };
        const tsquery = input.title ? titleToTsQuery(input.title) : null;
        const facets = label.startsWith("facets");
        const sort = facets ? (tsquery ? "relevance" : "date") : (input.sort ?? "date");
        // The page's window as the API asks it: one row more than the page.
        const window = input.page * input.perPage + 1;
        const leads = await nearLeads(snapshotId, filters, tsquery, sort, window);
        const statements: Statement[] = facets
          ? [
              {
                sql: facetsSql(
                  tsquery,
                  filters,
                  snapshotId,
                  leads.count,
                  await sharedCompanyKeys(snapshotId),
                ),
              },
              // Without a title the places' total answers (below); with one, the count that
              // adds up the places' titles, when it can.
              ...(!tsquery || addsPlaceTitles(filters, tsquery)
                ? countStatements(input, snapshotId, filters, tsquery, leads.count)
                : []),
            ]
          : searchStatements(input, snapshotId, leads.count, leads.page);
        // The places' total first, where the API asks it (no title, no other filter): when it is
        // exact, the count never runs. With a title, the count statement adds up the places'
        // titles itself, under the count's deadline.
        const total = nearPlacesTotalSql(filters, snapshotId);
        const onlyPlaces = !tsquery && !hasRowFilters({ ...filters, near: undefined });
        let ms = onlyPlaces ? await explain(client, total) : 0;
        const exact =
          onlyPlaces && (await client.query(total.text, total.values as unknown[])).rows[0]?.whole;
        let counted = 0;
        for (const s of statements)
          if (!(exact && s.deadlineMs)) {
            const took = Math.min(await explain(client, s.sql), s.deadlineMs ?? Infinity);
            ms += took;
            if (facets && s.deadlineMs) counted += took;
          }
        if (warm) continue;
        groups[label] = [...(groups[label] ?? []), ms];
        // Read once per title and process (kept for the snapshot's life), before its first request.
        if (tsquery && !facets) {
          const once = `${label}: its titles, once`;
          groups[once] = [
            ...(groups[once] ?? []),
            await explain(client, matchingTitlesSql(tsquery, snapshotId)),
          ];
        }
        if (facets && tsquery)
          groups[`${label}: its count`] = [...(groups[`${label}: its count`] ?? []), counted];
      }
    }
  for (const [label, xs] of Object.entries(groups)) console.log(`${label.padEnd(36)} ${fmt(xs)}`);
  await client.end();
  await disconnectDb();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
