-- Per numbered common word or phrase of a snapshot (common_words.bit), how many of its jobs hold
-- it, by combination code (jobs.combo) and by country, as JSON objects of the nonzero counts; bit
-- -1 counts the jobs the loader gave no bits (their words made by the database), which may hold
-- any word. Upper bounds of what a search's words match among its filters' jobs
-- (lib/catalog/word-counts.ts). Snapshots imported before this table have no rows.
CREATE TABLE "word_counts" (
    "snapshot_id" INTEGER NOT NULL,
    "bit" SMALLINT NOT NULL,
    "by_code" JSONB NOT NULL,
    "by_country" JSONB NOT NULL,
    CONSTRAINT "word_counts_pkey" PRIMARY KEY ("snapshot_id", "bit")
);
ALTER TABLE "word_counts" ADD CONSTRAINT "word_counts_snapshot_id_fkey"
    FOREIGN KEY ("snapshot_id") REFERENCES "catalog_snapshots"("id") ON DELETE CASCADE ON UPDATE CASCADE;
