-- A location's pay as a distribution: the 10th, 25th, 75th and 90th percentiles beside the
-- median, each optional (absent when the source gives none), in the median's currency and period.
ALTER TABLE "salary_snapshots" ADD COLUMN "p10" INTEGER;
ALTER TABLE "salary_snapshots" ADD COLUMN "p25" INTEGER;
ALTER TABLE "salary_snapshots" ADD COLUMN "p75" INTEGER;
ALTER TABLE "salary_snapshots" ADD COLUMN "p90" INTEGER;

-- Every location's pay at each date a snapshot was taken (as_of), kept across imports after the
-- snapshot that brought it is retired: the series GET /v1/salary/history answers. Written when a
-- snapshot goes live; a later import with the same as_of replaces that date's row.
CREATE TABLE "salary_history" (
    "level" "salary_level" NOT NULL,
    "country_code" CHAR(2) NOT NULL,
    "name_key" VARCHAR(120) NOT NULL,
    "as_of" DATE NOT NULL,
    "name" VARCHAR(120) NOT NULL,
    "median" INTEGER NOT NULL,
    "p10" INTEGER,
    "p25" INTEGER,
    "p75" INTEGER,
    "p90" INTEGER,
    "currency" CHAR(3) NOT NULL,
    "period" "pay_period" NOT NULL DEFAULT 'year',
    "sample_size" INTEGER NOT NULL,
    "snapshot_id" INTEGER NOT NULL,
    CONSTRAINT "salary_history_pkey" PRIMARY KEY ("level", "country_code", "name_key", "as_of")
);
-- A city by name alone, in whichever countries have it.
CREATE INDEX "salary_history_name_idx" ON "salary_history" ("name_key", "as_of");
-- Pruning by date at each import.
CREATE INDEX "salary_history_as_of_idx" ON "salary_history" ("as_of");

-- The live snapshot's medians are the first point of every series.
INSERT INTO "salary_history" ("level", "country_code", "name_key", "as_of", "name", "median",
    "currency", "period", "sample_size", "snapshot_id")
SELECT s."level", s."country_code", s."name_key", s."as_of", s."name", s."median", s."currency",
    s."period", s."sample_size", s."snapshot_id"
FROM "salary_snapshots" s JOIN "catalog_live" l ON l."snapshot_id" = s."snapshot_id"
ON CONFLICT DO NOTHING;
