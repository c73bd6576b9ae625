-- Each job's most common words as bits, so that a walk over jobs can tell that a job lacks a word
-- without reading its words (a TOASTed tsvector, read from disk once a catalog outgrows memory).
--
-- common_words: one bit per lexeme of the snapshot's common_words table (bit n is the lexeme of
-- bit n), set when the job holds that lexeme. Null where the loader did not build the job's
-- words: such a job is never ruled out by its bits.
ALTER TABLE "jobs" ADD COLUMN "common_words" BIT VARYING(1024);
ALTER TABLE "job_copies" ADD COLUMN "common_words" BIT VARYING(1024);

-- The date listing again, with each job's bits: a walk by date that decides q by the bits alone
-- reads this index only, never the jobs' rows (prisma/schema.prisma and the importer's
-- lib/catalog/import/activate.ts hold the same definition).
CREATE INDEX "jobs_words_posted_idx" ON "jobs"("snapshot_id", "posted_at" DESC, "id", "country_code", "combo", "salary_currency", "salary_year_min", "salary_year_max", "company_key", "title_id", "city_key", "common_words");

-- A snapshot's common lexemes (jobs_english), chosen by the loader from the first jobs it reads;
-- share: the part of those jobs holding the lexeme (what a search expects of the whole snapshot).
CREATE TABLE "common_words" (
    "snapshot_id" INTEGER NOT NULL,
    "lexeme" TEXT NOT NULL,
    "bit" SMALLINT NOT NULL,
    "share" REAL NOT NULL,
    CONSTRAINT "common_words_pkey" PRIMARY KEY ("snapshot_id", "lexeme")
);
ALTER TABLE "common_words" ADD CONSTRAINT "common_words_snapshot_id_fkey"
    FOREIGN KEY ("snapshot_id") REFERENCES "catalog_snapshots"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- True when a job's bits prove it cannot match: a needed lexeme missing, a forbidden one present,
-- or none of a set of alternatives present. The masks are numbered by the common_words of
-- snapshot `numbered_for`; a row of another snapshot (or without bits) is never ruled out.
-- Written as a function with a cost below one operator so that the planner checks it before
-- `search @@ …` (which it prices at one operator and which reads the job's words); plpgsql so
-- that it is not inlined back into several operators.
CREATE FUNCTION words_rule_out(bits BIT VARYING, row_snapshot INTEGER, numbered_for INTEGER,
  need BIT VARYING, forbid BIT VARYING, any_of BIT VARYING[])
RETURNS BOOLEAN LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE COST 0.001 AS $$
DECLARE
  alternatives BIT VARYING;
BEGIN
  IF bits IS NULL OR row_snapshot IS DISTINCT FROM numbered_for THEN
    RETURN false;
  END IF;
  IF need IS NOT NULL AND (bits & need) <> need THEN
    RETURN true;
  END IF;
  IF forbid IS NOT NULL AND bit_count(bits & forbid) > 0 THEN
    RETURN true;
  END IF;
  IF any_of IS NOT NULL THEN
    FOREACH alternatives IN ARRAY any_of LOOP
      IF bit_count(bits & alternatives) = 0 THEN
        RETURN true;
      END IF;
    END LOOP;
  END IF;
  RETURN false;
END
$$;
