-- Catalog snapshots, their jobs (one LIST partition per snapshot), the distinct titles that
-- title search runs over, and salary medians.

CREATE TYPE "snapshot_status" AS ENUM ('loading', 'live', 'retired', 'failed');
CREATE TYPE "employment_type" AS ENUM ('full_time', 'part_time', 'contract', 'temporary', 'internship');
CREATE TYPE "pay_period" AS ENUM ('year', 'month', 'hour');
CREATE TYPE "salary_level" AS ENUM ('country', 'city');

CREATE TABLE "catalog_snapshots" (
    "id" SERIAL NOT NULL,
    "label" VARCHAR(200) NOT NULL,
    "status" "snapshot_status" NOT NULL DEFAULT 'loading',
    "job_count" INTEGER NOT NULL DEFAULT 0,
    "salary_count" INTEGER NOT NULL DEFAULT 0,
    "country_counts" JSONB NOT NULL DEFAULT '{}',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "activated_at" TIMESTAMPTZ(3),
    CONSTRAINT "catalog_snapshots_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "catalog_live" (
    "id" INTEGER NOT NULL DEFAULT 1,
    "snapshot_id" INTEGER NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "catalog_live_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "catalog_live_single_row" CHECK ("id" = 1)
);
CREATE UNIQUE INDEX "catalog_live_snapshot_id_key" ON "catalog_live"("snapshot_id");
ALTER TABLE "catalog_live" ADD CONSTRAINT "catalog_live_snapshot_id_fkey"
    FOREIGN KEY ("snapshot_id") REFERENCES "catalog_snapshots"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- Partitioned so an import can COPY into a bare table, index it, and attach it in one
-- short transaction; retiring a snapshot is a DROP of its partition, not a mass DELETE.
CREATE TABLE "jobs" (
    "snapshot_id" INTEGER NOT NULL,
    "id" VARCHAR(64) NOT NULL,
    "title" VARCHAR(300) NOT NULL,
    "title_id" INTEGER NOT NULL,
    "company" VARCHAR(200) NOT NULL,
    "apply_url" VARCHAR(2048) NOT NULL DEFAULT '',
    "location" VARCHAR(200) NOT NULL,
    "city" VARCHAR(120),
    "country_code" CHAR(2) NOT NULL,
    "employment_type" "employment_type",
    "salary_min" INTEGER,
    "salary_max" INTEGER,
    "salary_currency" CHAR(3),
    "salary_period" "pay_period",
    "posted_at" TIMESTAMPTZ(3) NOT NULL,
    "description" TEXT NOT NULL,
    CONSTRAINT "jobs_pkey" PRIMARY KEY ("snapshot_id", "id")
) PARTITION BY LIST ("snapshot_id");

-- Every index leads with snapshot_id so a query's whole WHERE is an index condition and
-- paging runs index-only. A title search reads, per matching title, only the newest rows it
-- needs (LIMIT) from the title indexes.
CREATE INDEX "jobs_title_country_idx" ON "jobs"("snapshot_id", "title_id", "country_code", "posted_at" DESC, "id");
CREATE INDEX "jobs_title_posted_idx" ON "jobs"("snapshot_id", "title_id", "posted_at" DESC, "id");
CREATE INDEX "jobs_country_posted_idx" ON "jobs"("snapshot_id", "country_code", "posted_at" DESC, "id");
-- country_code last: region and unfiltered listings filter on it without visiting the heap.
CREATE INDEX "jobs_posted_idx" ON "jobs"("snapshot_id", "posted_at" DESC, "id", "country_code");
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_snapshot_id_fkey"
    FOREIGN KEY ("snapshot_id") REFERENCES "catalog_snapshots"("id") ON DELETE CASCADE ON UPDATE CASCADE;

CREATE TABLE "job_titles" (
    "snapshot_id" INTEGER NOT NULL,
    "id" INTEGER NOT NULL,
    "title" VARCHAR(300) NOT NULL,
    "counts" JSONB NOT NULL,
    -- Split by the same code that splits queries (lib/catalog/tsquery.ts), not by the
    -- text-search parser, which keeps "ui/ux" or "node.js" whole.
    "terms" TEXT NOT NULL,
    "search" tsvector GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, "terms")) STORED,
    CONSTRAINT "job_titles_pkey" PRIMARY KEY ("snapshot_id", "id")
);
CREATE INDEX "job_titles_search_idx" ON "job_titles" USING GIN ("search");
ALTER TABLE "job_titles" ADD CONSTRAINT "job_titles_snapshot_id_fkey"
    FOREIGN KEY ("snapshot_id") REFERENCES "catalog_snapshots"("id") ON DELETE CASCADE ON UPDATE CASCADE;

CREATE TABLE "salary_snapshots" (
    "snapshot_id" INTEGER NOT NULL,
    "level" "salary_level" NOT NULL,
    "country_code" CHAR(2) NOT NULL,
    "name_key" VARCHAR(120) NOT NULL,
    "name" VARCHAR(120) NOT NULL,
    "median" INTEGER NOT NULL,
    "currency" CHAR(3) NOT NULL,
    "period" "pay_period" NOT NULL DEFAULT 'year',
    "sample_size" INTEGER NOT NULL,
    "as_of" DATE NOT NULL,
    CONSTRAINT "salary_snapshots_pkey" PRIMARY KEY ("snapshot_id", "level", "country_code", "name_key")
);
CREATE INDEX "salary_snapshots_name_idx" ON "salary_snapshots"("snapshot_id", "name_key");
ALTER TABLE "salary_snapshots" ADD CONSTRAINT "salary_snapshots_snapshot_id_fkey"
    FOREIGN KEY ("snapshot_id") REFERENCES "catalog_snapshots"("id") ON DELETE CASCADE ON UPDATE CASCADE;
