-- The combinations' listing with the common-word bits: a walk by bits whose combination filters
-- (remote, employment type, seniority) keep fewer jobs than a walk by date would pass reads
-- those jobs' entries alone, with the bits, from index entries only (lib/catalog/import/activate.ts
-- and prisma/schema.prisma hold the same definition). Built on every snapshot's jobs; searches go
-- on meanwhile, writes wait.
CREATE INDEX "jobs_combo_words_idx" ON "jobs"("snapshot_id", "combo", "country_code", "posted_at" DESC, "id", "salary_currency", "salary_year_min", "salary_year_max", "company_key", "title_id", "city_key", "common_words", "more_words");
