-- Where each job's salary comes from: 'stated' (the feed's structured pay fields) or 'parsed'
-- (read from the posting's text by the importer); null without a salary. Adding a nullable
-- column rewrites no rows: rows written before it read as stated when they have a salary (the
-- API says so), and their combo codes already are those of stated pay (lib/catalog/combos.ts).
CREATE TYPE "salary_source" AS ENUM ('stated', 'parsed');
ALTER TABLE "jobs" ADD COLUMN "salary_source" "salary_source";
