-- Each place's jobs per title (jobs with coordinates, like job_places.jobs): a titled search
-- near a point whose places lie wholly within its radius adds these up for an exact total
-- instead of counting its matches. Built at import after the places (lib/catalog/import/places.ts)
-- and corrected as jobs expire; dropped with its snapshot. Only created here: a snapshot imported
-- before has none (place_titles_revision NULL) and is counted as before until the next import.
CREATE TABLE "job_place_titles" (
    "snapshot_id" INTEGER NOT NULL,
    "city_key" INTEGER NOT NULL,
    "country_code" CHAR(2) NOT NULL,
    "title_id" INTEGER NOT NULL,
    "jobs" INTEGER NOT NULL,
    CONSTRAINT "job_place_titles_pkey" PRIMARY KEY ("snapshot_id", "city_key", "country_code", "title_id")
);
ALTER TABLE "job_place_titles" ADD CONSTRAINT "job_place_titles_snapshot_id_fkey"
    FOREIGN KEY ("snapshot_id") REFERENCES "catalog_snapshots"("id") ON DELETE CASCADE ON UPDATE CASCADE;
-- The live revision the place titles' counts are right for: set by the import (0, as the swap
-- sets the pointer's), moved on by each expiry that corrects them. An expiry by a build that does
-- not know them moves the revision alone, and the counts are no longer trusted.
ALTER TABLE "catalog_snapshots" ADD COLUMN "place_titles_revision" INTEGER;
