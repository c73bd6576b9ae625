-- Common words past the bits: the loader numbers up to 1,024 more lexemes after the 1,024 that
-- get a bit (common_words.bit 1024 on), and each job lists those it holds, so that a walk can
-- decide a word of the middle of the vocabulary without reading the job's words too. A list, not
-- more bits: a job holds few of them. Null where the bits are null, and on every job of a
-- snapshot imported before this column (whose common_words numbers no lexeme past the bits).
ALTER TABLE "jobs" ADD COLUMN "more_words" SMALLINT[];
ALTER TABLE "job_copies" ADD COLUMN "more_words" SMALLINT[];
-- The listings that hold the list are rebuilt by the next migration: adding a column locks the
-- jobs against searches until its transaction commits, so this one must commit at once.

-- words_rule_out's twin for the listed words: true when a job's list proves it cannot match (a
-- needed word missing, an excluded one present). Priced and written like words_rule_out, so the
-- planner checks it before `search @@ …` reads the job's words; a row of another snapshot than
-- the one that numbered the words, or without a list, is never ruled out.
CREATE FUNCTION more_words_rule_out(more SMALLINT[], row_snapshot INTEGER, numbered_for INTEGER,
  need SMALLINT[], forbid SMALLINT[])
RETURNS BOOLEAN LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE COST 0.001 AS $$
BEGIN
  IF more IS NULL OR row_snapshot IS DISTINCT FROM numbered_for THEN
    RETURN false;
  END IF;
  IF need IS NOT NULL AND NOT (more @> need) THEN
    RETURN true;
  END IF;
  IF forbid IS NOT NULL AND more && forbid THEN
    RETURN true;
  END IF;
  RETURN false;
END
$$;
