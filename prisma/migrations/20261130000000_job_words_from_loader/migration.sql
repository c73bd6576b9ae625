-- A job's words are written by the importer (lib/catalog/import/job-words.ts builds exactly what
-- this expression made, asking the database for each distinct piece of text once), so that the
-- one backend receiving the COPY no longer splits and stems every description. Rows the importer
-- leaves without words get them from the same expression before the load commits.
ALTER TABLE "jobs" ALTER COLUMN "search" DROP EXPRESSION;
