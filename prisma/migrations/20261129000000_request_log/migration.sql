-- The request log: every keyed request, for its key's owner to debug with in the Studio.
-- Written in batches off the request path; one partition per UTC day, so that a day past the
-- retention is dropped as a whole rather than deleted row by row.
CREATE TABLE "request_log" (
    "at" TIMESTAMPTZ(3) NOT NULL,
    "request_id" TEXT NOT NULL,
    "key_id" TEXT NOT NULL,
    "method" VARCHAR(10) NOT NULL,
    "route" TEXT NOT NULL,
    "path" TEXT NOT NULL,
    "query" TEXT,
    "status" SMALLINT NOT NULL,
    "error_code" TEXT,
    "ms" REAL NOT NULL,
    -- A partitioned table's unique keys hold its partition key; a batch written twice (its
    -- reply was lost) adds nothing the second time.
    CONSTRAINT "request_log_pkey" PRIMARY KEY ("at", "request_id")
) PARTITION BY RANGE ("at");

-- The Studio's reads: a user's keys, newest first; and one request by its id.
CREATE INDEX "request_log_key_id_at_idx" ON "request_log" ("key_id", "at" DESC);
CREATE INDEX "request_log_request_id_idx" ON "request_log" ("request_id");

-- Makes the partitions of the days from `first_day` to the day after `today` (UTC), and drops
-- those of days before `today - keep_days`. Safe to run from several processes at once.
CREATE FUNCTION request_log_prepare(first_day DATE, today DATE, keep_days INT) RETURNS VOID
LANGUAGE plpgsql AS $$
DECLARE
  d DATE;
  part RECORD;
BEGIN
  PERFORM pg_advisory_xact_lock(72707371);
  FOR d IN SELECT generate_series(greatest(first_day, today - keep_days), today + 1, INTERVAL '1 day')::date LOOP
    EXECUTE format(
      'CREATE TABLE IF NOT EXISTS %I PARTITION OF request_log FOR VALUES FROM (%L) TO (%L)',
      'request_log_' || to_char(d, 'YYYYMMDD'),
      (d::timestamp AT TIME ZONE 'UTC'),
      ((d + 1)::timestamp AT TIME ZONE 'UTC'));
  END LOOP;
  FOR part IN
    SELECT c.relname FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
    WHERE i.inhparent = 'request_log'::regclass
      AND c.relname ~ '^request_log_[0-9]{8}$'
      AND to_date(substr(c.relname, 13), 'YYYYMMDD') < today - keep_days
  LOOP
    EXECUTE format('DROP TABLE %I', part.relname);
  END LOOP;
END $$;
