-- Searches near a place: the places of a snapshot's jobs, one row per city (city_key and
-- country), with a point and how far its farthest job lies from it. A search finds the places
-- within its radius here, then reads their jobs through the city index.
CREATE TABLE "job_places" (
    "snapshot_id" INTEGER NOT NULL,
    "city_key" INTEGER NOT NULL,
    "country_code" CHAR(2) NOT NULL,
    "city" TEXT NOT NULL,
    "latitude" DOUBLE PRECISION NOT NULL,
    "longitude" DOUBLE PRECISION NOT NULL,
    "spread_km" DOUBLE PRECISION NOT NULL,
    "jobs" INTEGER NOT NULL,
    "complete" BOOLEAN NOT NULL,
    CONSTRAINT "job_places_pkey" PRIMARY KEY ("snapshot_id", "city_key", "country_code")
);
CREATE INDEX "job_places_latitude_idx" ON "job_places" ("snapshot_id", "latitude");
-- The few places whose jobs lie far apart are found by their spread, not by a box around the point.
CREATE INDEX "job_places_spread_idx" ON "job_places" ("snapshot_id", "spread_km");
ALTER TABLE "job_places" ADD CONSTRAINT "job_places_snapshot_id_fkey"
    FOREIGN KEY ("snapshot_id") REFERENCES "catalog_snapshots"("id") ON DELETE CASCADE ON UPDATE CASCADE;
