-- What the catalog's jobs advertised, per country and currency, at each snapshot: the 10th to
-- 90th percentiles (percentile_cont, rounded) of annualised pay (midpoint of each range) over
-- the salaried jobs, dated by the snapshot's newest posting. Written when the snapshot goes live,
-- kept after its jobs are retired, like salary_history.
CREATE TABLE "pay_history" (
    "country_code" CHAR(2) NOT NULL,
    "currency" CHAR(3) NOT NULL,
    "as_of" DATE NOT NULL,
    "jobs" INTEGER NOT NULL,
    "p10" INTEGER NOT NULL,
    "p25" INTEGER NOT NULL,
    "p50" INTEGER NOT NULL,
    "p75" INTEGER NOT NULL,
    "p90" INTEGER NOT NULL,
    "snapshot_id" INTEGER NOT NULL,
    CONSTRAINT "pay_history_pkey" PRIMARY KEY ("country_code", "currency", "as_of")
);
-- Pruning by date at each import.
CREATE INDEX "pay_history_as_of_idx" ON "pay_history" ("as_of");
