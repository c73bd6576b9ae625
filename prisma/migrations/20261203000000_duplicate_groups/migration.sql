-- One row per real job: an import groups near-identical postings of the same title and place,
-- serves one of each group (the canonical job) from "jobs", and keeps the others in
-- "job_copies" beside it.
--
-- sketch: the description's MinHash fingerprint (lib/catalog/import/sketch.ts), compared within
-- an import and against the snapshot before; null on rows written before the column.
-- duplicate_of: the canonical job's id on a copy; always null in "jobs".
-- duplicates: on a canonical job, how many copies its group has.
ALTER TABLE "jobs" ADD COLUMN "sketch" BYTEA;
ALTER TABLE "jobs" ADD COLUMN "duplicate_of" VARCHAR(64);
ALTER TABLE "jobs" ADD COLUMN "duplicates" INTEGER NOT NULL DEFAULT 0;

-- The same columns as "jobs", partitioned the same way: an import fills its partition, the swap
-- attaches it with the snapshot's, retiring the snapshot drops it.
CREATE TABLE "job_copies" (LIKE "jobs" INCLUDING DEFAULTS) PARTITION BY LIST ("snapshot_id");
ALTER TABLE "job_copies" ADD CONSTRAINT "job_copies_pkey" PRIMARY KEY ("snapshot_id", "id");
CREATE INDEX "job_copies_duplicate_of_idx" ON "job_copies" ("snapshot_id", "duplicate_of", "first_seen_at", "id");
