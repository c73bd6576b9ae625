-- What the sweeper counted for a batch it wrote from a process's journal: [{"k", "d", "n"}].
-- Null for a batch its owner wrote. If the owner turns out to be alive (its flush was only slow)
-- it lands the same id later, finds this, replaces the journal's counts by its own, and clears
-- it, so that what an instance answered is what is charged.
ALTER TABLE "usage_batches" ADD COLUMN "swept" JSONB;
