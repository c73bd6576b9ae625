-- The two listings with the common-word bits, again with the list of more words (added by the
-- migration before), so that a walk deciding q by them reads index entries only
-- (prisma/schema.prisma and lib/catalog/import/activate.ts hold the same definitions). Built on
-- every snapshot's jobs under a lock that lets searches go on and makes writes wait; the old ones
-- are dropped last, since dropping takes a lock that blocks searches until this migration's
-- transaction commits. Both versions take disk until then. Snapshots that existed before keep
-- generated names for their own parts of the new indexes.
CREATE INDEX "jobs_words_posted_more_idx" ON "jobs"("snapshot_id", "posted_at" DESC, "id", "country_code", "combo", "salary_currency", "salary_year_min", "salary_year_max", "company_key", "title_id", "city_key", "common_words", "more_words");
CREATE INDEX "jobs_country_words_more_idx" ON "jobs"("snapshot_id", "country_code", "posted_at" DESC, "id", "combo", "salary_currency", "salary_year_min", "salary_year_max", "company_key", "title_id", "city_key", "common_words", "more_words") WHERE "country_code" IS NOT NULL;
DROP INDEX "jobs_words_posted_idx";
DROP INDEX "jobs_country_words_idx";
ALTER INDEX "jobs_words_posted_more_idx" RENAME TO "jobs_words_posted_idx";
ALTER INDEX "jobs_country_words_more_idx" RENAME TO "jobs_country_words_idx";
