-- The sort leads (issue 14): a broad title sorted by date or salary walks the listing or salary
-- index in the page's order and checks the title on each entry, stopping when the page is full.
-- The country and date listings gain title_id (and city_key) as trailing keys; the salary indexes
-- gain every filter column, so salary filters and sorts are checked on index entries too.
-- Built beside the old indexes, dropped at the end (see 20261122190000_filter_led_indexes).
-- The statistics come first: what follows the DROPs holds a lock every read waits for, until
-- the migration commits, so only the renames may come after them.
-- Salary currency follows the country (lib/catalog/import/activate.ts makes the same statistics
-- for every new snapshot): the snapshots already here get them now.
DO $$
DECLARE part regclass;
BEGIN
  FOR part IN SELECT inhrelid::regclass FROM pg_inherits WHERE inhparent = 'jobs'::regclass LOOP
    EXECUTE format('CREATE STATISTICS IF NOT EXISTS %I (dependencies, mcv) ON country_code, salary_currency FROM %s',
      part::text || '_country_currency', part);
    EXECUTE format('ANALYZE %s', part);
  END LOOP;
END $$;

CREATE INDEX "jobs_country_posted_idx_v2" ON "jobs"("snapshot_id", "country_code", "posted_at" DESC, "id", "combo", "salary_currency", "salary_year_min", "salary_year_max", "company_key", "title_id", "city_key");
CREATE INDEX "jobs_posted_idx_v2" ON "jobs"("snapshot_id", "posted_at" DESC, "id", "country_code", "combo", "salary_currency", "salary_year_min", "salary_year_max", "company_key", "title_id", "city_key");
CREATE INDEX "jobs_salary_desc_idx_v2" ON "jobs"("snapshot_id", "country_code", "salary_year_max" DESC NULLS LAST, "posted_at" DESC, "id", "salary_currency", "salary_year_min", "combo", "company_key", "title_id", "city_key");
CREATE INDEX "jobs_salary_asc_idx_v2" ON "jobs"("snapshot_id", "country_code", "salary_year_min", "posted_at" DESC, "id", "salary_currency", "salary_year_max", "combo", "company_key", "title_id", "city_key");
DROP INDEX "jobs_country_posted_idx";
DROP INDEX "jobs_posted_idx";
DROP INDEX "jobs_salary_desc_idx";
DROP INDEX "jobs_salary_asc_idx";
ALTER INDEX "jobs_country_posted_idx_v2" RENAME TO "jobs_country_posted_idx";
ALTER INDEX "jobs_posted_idx_v2" RENAME TO "jobs_posted_idx";
ALTER INDEX "jobs_salary_desc_idx_v2" RENAME TO "jobs_salary_desc_idx";
ALTER INDEX "jobs_salary_asc_idx_v2" RENAME TO "jobs_salary_asc_idx";
