-- Where a job's pay stands: per snapshot, for each title, country and currency with enough
-- salaried jobs, the 1st to 99th percentile of their annualised pay (midpoint of the range,
-- percentile_disc, each fraction nudged below k/100 against float rounding). A job's
-- pay_percentile is how many of these breaks lie below its pay: the whole percent of the group's
-- jobs paid less than it.
CREATE TABLE "pay_groups" (
    "snapshot_id" INTEGER NOT NULL,
    "title_id" INTEGER NOT NULL,
    "country_code" CHAR(2) NOT NULL,
    "currency" CHAR(3) NOT NULL,
    "jobs" INTEGER NOT NULL,
    "breaks" INTEGER[] NOT NULL,
    CONSTRAINT "pay_groups_pkey" PRIMARY KEY ("snapshot_id", "title_id", "country_code", "currency")
);
ALTER TABLE "pay_groups" ADD CONSTRAINT "pay_groups_snapshot_id_fkey"
    FOREIGN KEY ("snapshot_id") REFERENCES "catalog_snapshots"("id") ON DELETE CASCADE ON UPDATE CASCADE;
