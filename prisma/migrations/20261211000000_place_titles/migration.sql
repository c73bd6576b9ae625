-- Each place's jobs per title (jobs with coordinates, like job_places.jobs): a titled search
-- near a point whose places lie wholly within its radius adds these up for an exact total
-- instead of counting its matches. Built at import after the places (lib/catalog/import/places.ts),
-- corrected as jobs expire; dropped with its snapshot.
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
-- Snapshots imported before: their places' titles, from their rows (one pass over each).
INSERT INTO "job_place_titles" ("snapshot_id", "city_key", "country_code", "title_id", "jobs")
SELECT j."snapshot_id", j."city_key", j."country_code", j."title_id", count(*)::int
FROM "jobs" j
WHERE j."city_key" IS NOT NULL AND j."latitude" IS NOT NULL
  AND EXISTS (SELECT 1 FROM "job_places" p WHERE p."snapshot_id" = j."snapshot_id"
    AND p."city_key" = j."city_key" AND p."country_code" = j."country_code")
GROUP BY 1, 2, 3, 4;
