-- Search filters (issue 14): work arrangement and seniority, annualised salaries, and keys for
-- case-insensitive company and city matches. Existing snapshots get NULLs (and key 0); the next
-- import fills them.

CREATE TYPE "work_arrangement" AS ENUM ('remote', 'hybrid', 'on_site');
CREATE TYPE "seniority" AS ENUM ('intern', 'junior', 'mid', 'senior', 'lead', 'principal', 'executive');

ALTER TABLE "jobs"
    ADD COLUMN "remote" "work_arrangement",
    ADD COLUMN "seniority" "seniority",
    -- The advertised salary in a year (hour × 2080, month × 12), in salary_currency.
    ADD COLUMN "salary_year_min" INTEGER,
    ADD COLUMN "salary_year_max" INTEGER,
    -- 32-bit FNV-1a of the lower-cased company name, and of "city|country" (lib/catalog/keys.ts):
    -- four bytes an index can lead with; queries recheck the text itself.
    ADD COLUMN "company_key" INTEGER NOT NULL DEFAULT 0,
    -- remote × employment_type × seniority as one number (lib/catalog/combos.ts): what the
    -- listing indexes carry for those three filters, with exact planner statistics.
    ADD COLUMN "combo" SMALLINT NOT NULL DEFAULT 0,
    ADD COLUMN "city_key" INTEGER;

-- The four listing indexes gain the filter columns as trailing keys: a filtered walk in
-- posted_at order then checks each filter on the index entry, without visiting the heap, and
-- facets count companies by key from the same entries.
DROP INDEX "jobs_title_country_idx";
DROP INDEX "jobs_title_posted_idx";
DROP INDEX "jobs_country_posted_idx";
DROP INDEX "jobs_posted_idx";
CREATE INDEX "jobs_title_country_idx" ON "jobs"("snapshot_id", "title_id", "country_code", "posted_at" DESC, "id", "combo", "salary_currency", "salary_year_min", "salary_year_max", "company_key");
CREATE INDEX "jobs_title_posted_idx" ON "jobs"("snapshot_id", "title_id", "posted_at" DESC, "id", "country_code", "combo", "salary_currency", "salary_year_min", "salary_year_max", "company_key");
CREATE INDEX "jobs_country_posted_idx" ON "jobs"("snapshot_id", "country_code", "posted_at" DESC, "id", "combo", "salary_currency", "salary_year_min", "salary_year_max", "company_key");
CREATE INDEX "jobs_posted_idx" ON "jobs"("snapshot_id", "posted_at" DESC, "id", "country_code", "combo", "salary_currency", "salary_year_min", "salary_year_max", "company_key");
-- Narrow filters lead their own index; so does a rare mix of remote, type and seniority.
CREATE INDEX "jobs_combo_idx" ON "jobs"("snapshot_id", "combo", "country_code", "posted_at" DESC, "id", "salary_currency", "salary_year_min", "salary_year_max", "company_key");
CREATE INDEX "jobs_company_idx" ON "jobs"("snapshot_id", "company_key", "posted_at" DESC, "id");
CREATE INDEX "jobs_city_idx" ON "jobs"("snapshot_id", "city_key", "posted_at" DESC, "id");
-- Salary sorts (one country: salaries of one currency). NULLS LAST: unsalaried jobs, when
-- included, come after every salaried one.
CREATE INDEX "jobs_salary_desc_idx" ON "jobs"("snapshot_id", "country_code", "salary_year_max" DESC NULLS LAST, "posted_at" DESC, "id");
CREATE INDEX "jobs_salary_asc_idx" ON "jobs"("snapshot_id", "country_code", "salary_year_min", "posted_at" DESC, "id");

-- Jobs per (country, remote, employment type, seniority) of a snapshot: exact totals for any
-- mix of those filters by summing a few thousand numbers, not counting millions of rows.
ALTER TABLE "catalog_snapshots" ADD COLUMN "combo_counts" JSONB NOT NULL DEFAULT '{}';
