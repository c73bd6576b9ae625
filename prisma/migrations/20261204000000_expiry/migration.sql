-- Jobs leave the live snapshot when their expires_at passes, without waiting for the next import
-- (lib/catalog/import/expire-jobs.ts).
--
-- revision: how many times expired jobs have been taken out of the live snapshot since it went
-- live. Answers cached in a process are kept per snapshot and revision, and a replica serves the
-- snapshot only once it has replayed the revision the primary showed.
ALTER TABLE "catalog_live" ADD COLUMN "revision" INTEGER NOT NULL DEFAULT 0;

-- A snapshot's change sets: revision 0 is its import's, 1, 2, ... the expiries after it.
ALTER TABLE "job_change_sets" ADD COLUMN "revision" INTEGER NOT NULL DEFAULT 0;
ALTER TABLE "job_change_sets" DROP CONSTRAINT "job_change_sets_pkey";
ALTER TABLE "job_change_sets" ADD CONSTRAINT "job_change_sets_pkey" PRIMARY KEY ("snapshot_id", "revision");

-- What has expired, found without reading jobs that give no expiry.
CREATE INDEX "jobs_expires_idx" ON "jobs" ("snapshot_id", "expires_at") WHERE "expires_at" IS NOT NULL;
CREATE INDEX "job_copies_expires_idx" ON "job_copies" ("snapshot_id", "expires_at") WHERE "expires_at" IS NOT NULL;
