-- One country's jobs by date, with each job's common-word bits: a walk by date within a single
-- country that decides q by the bits alone reads this country's entries only, where the date
-- listing with the bits (jobs_words_posted_idx) passes every country's. Partial (every job has a
-- country), so that only a statement stating its country can use it: one whose conditions are
-- hidden from the planner (a walk by bits over several countries or all) can then never read
-- it whole and sort it instead of walking the date listing. The importer's
-- lib/catalog/import/activate.ts holds the same definition; Prisma's schema cannot say WHERE.
CREATE INDEX "jobs_country_words_idx" ON "jobs"("snapshot_id", "country_code", "posted_at" DESC, "id", "combo", "salary_currency", "salary_year_min", "salary_year_max", "company_key", "title_id", "city_key", "common_words") WHERE "country_code" IS NOT NULL;
