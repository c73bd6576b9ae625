-- The jobs' lists of numbered words and phrases past the bits (more_words), indexed: a phrase
-- the snapshot numbered (a pair, or a chain of the synonym list such as "customer relationship
-- management") is held by a job exactly when its list holds the number, so a search finds those
-- jobs here instead of reading every job that holds the phrase's words. Built on the served
-- partition too; an import builds it on its own partition before the swap.
CREATE INDEX "jobs_more_words_idx" ON "jobs" USING GIN ("more_words") WITH (fastupdate = off);
