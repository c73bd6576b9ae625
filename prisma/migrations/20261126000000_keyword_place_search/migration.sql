-- Keyword and place search. Words are folded (accents, case) and stemmed as English on both
-- sides; other languages are folded but not stemmed. Title, company and description carry the
-- weights A, B and D so that a title hit ranks above a description hit.
CREATE EXTENSION IF NOT EXISTS unaccent;
CREATE EXTENSION IF NOT EXISTS pg_trgm;

CREATE TEXT SEARCH CONFIGURATION jobs_english (COPY = english);
ALTER TEXT SEARCH CONFIGURATION jobs_english
  ALTER MAPPING FOR hword, hword_part, word, asciihword, hword_asciipart, asciiword WITH unaccent, english_stem;
-- Surface words, folded but not stemmed: the vocabulary spelling corrections are drawn from.
CREATE TEXT SEARCH CONFIGURATION jobs_words (COPY = simple);
ALTER TEXT SEARCH CONFIGURATION jobs_words
  ALTER MAPPING FOR hword, hword_part, word, asciihword, hword_asciipart, asciiword WITH unaccent, simple;

ALTER TABLE "jobs" ADD COLUMN "search" tsvector GENERATED ALWAYS AS (
  setweight(to_tsvector('jobs_english'::regconfig, "title"), 'A') ||
  setweight(to_tsvector('jobs_english'::regconfig, "company"), 'B') ||
  setweight(to_tsvector('jobs_english'::regconfig, "description"), 'D')
) STORED;
ALTER TABLE "jobs" ADD COLUMN "latitude" DOUBLE PRECISION;
ALTER TABLE "jobs" ADD COLUMN "longitude" DOUBLE PRECISION;
CREATE INDEX "jobs_search_idx" ON "jobs" USING GIN ("search") WITH (fastupdate = off);

-- A title that holds every word searched for ranks its jobs first; titles are few, so this
-- is matched and ranked per distinct title.
ALTER TABLE "job_titles" ADD COLUMN "words" tsvector GENERATED ALWAYS AS (to_tsvector('jobs_english'::regconfig, "title")) STORED;
CREATE INDEX "job_titles_words_idx" ON "job_titles" USING GIN ("words");

-- The words of a snapshot's jobs, with how many jobs of a sample hold each: a query word that
-- matches no job is corrected to the closest of these.
CREATE TABLE "search_terms" (
    "snapshot_id" INTEGER NOT NULL,
    "term" TEXT NOT NULL,
    "jobs" INTEGER NOT NULL,
    CONSTRAINT "search_terms_pkey" PRIMARY KEY ("snapshot_id", "term")
);
CREATE INDEX "search_terms_trgm_idx" ON "search_terms" USING GIN ("term" gin_trgm_ops);
ALTER TABLE "search_terms" ADD CONSTRAINT "search_terms_snapshot_id_fkey"
    FOREIGN KEY ("snapshot_id") REFERENCES "catalog_snapshots"("id") ON DELETE CASCADE ON UPDATE CASCADE;
