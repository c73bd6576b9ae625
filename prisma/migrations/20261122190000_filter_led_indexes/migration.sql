-- Narrow filters lead (issue 14, at 10 million jobs): a search for a broad title at one company,
-- in one city or with a rare mix of type and seniority walks that filter's index and checks the
-- title (and the other filters) on each entry, instead of walking every job of every matching
-- title. The company, city and combination indexes gain title_id and the other filter columns as
-- trailing keys; title + country gains city_key (a city always comes with its country).
--
-- Built beside the old indexes, which are dropped only at the end: while this runs (minutes on
-- a catalog of millions) searches go on, but an import that reaches its swap meanwhile gives up
-- after 30 s (lock_timeout) and must be run again: run migrations between imports.
CREATE INDEX "jobs_title_country_idx_v2" ON "jobs"("snapshot_id", "title_id", "country_code", "posted_at" DESC, "id", "combo", "salary_currency", "salary_year_min", "salary_year_max", "company_key", "city_key");
CREATE INDEX "jobs_company_idx_v2" ON "jobs"("snapshot_id", "company_key", "posted_at" DESC, "id", "title_id", "country_code", "combo", "salary_currency", "salary_year_min", "salary_year_max", "city_key");
CREATE INDEX "jobs_city_idx_v2" ON "jobs"("snapshot_id", "city_key", "posted_at" DESC, "id", "title_id", "country_code", "combo", "salary_currency", "salary_year_min", "salary_year_max", "company_key");
CREATE INDEX "jobs_combo_idx_v2" ON "jobs"("snapshot_id", "combo", "country_code", "posted_at" DESC, "id", "salary_currency", "salary_year_min", "salary_year_max", "company_key", "title_id", "city_key");
DROP INDEX "jobs_title_country_idx";
DROP INDEX "jobs_company_idx";
DROP INDEX "jobs_city_idx";
DROP INDEX "jobs_combo_idx";
ALTER INDEX "jobs_title_country_idx_v2" RENAME TO "jobs_title_country_idx";
ALTER INDEX "jobs_company_idx_v2" RENAME TO "jobs_company_idx";
ALTER INDEX "jobs_city_idx_v2" RENAME TO "jobs_city_idx";
ALTER INDEX "jobs_combo_idx_v2" RENAME TO "jobs_combo_idx";
