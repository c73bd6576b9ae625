-- Quota reservations: the one ledger that both admission paths draw from, so that together
-- they never admit past a limit whatever Redis answers, loses or answers late.
--
-- Redis admits only within an allowance leased from here (leased); Postgres admits a request
-- itself only from what is left (admitted). A unit leased to Redis stays reserved even if
-- Redis loses it: the price of exactness is that such a unit may go unused, never that one is
-- used twice. The charge ledger stays key_usage; charges never exceed reservations.
CREATE TABLE "quota_reservations" (
    "key_id" TEXT NOT NULL,
    "day" DATE NOT NULL,
    "leased" INTEGER NOT NULL DEFAULT 0,
    "leases" INTEGER NOT NULL DEFAULT 0,
    "admitted" INTEGER NOT NULL DEFAULT 0,
    "recent_units" INTEGER NOT NULL DEFAULT 0,
    "recent_at" TIMESTAMPTZ(3),
    CONSTRAINT "quota_reservations_pkey" PRIMARY KEY ("key_id", "day")
);
ALTER TABLE "quota_reservations" ADD CONSTRAINT "quota_reservations_key_id_fkey"
    FOREIGN KEY ("key_id") REFERENCES "api_keys"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Requests admitted (or refused a place) on the Postgres path, by request id: a statement
-- whose reply was lost may still commit, so the caller cancels by id, and a cancelled id can
-- never be admitted afterwards, whichever of the two Postgres runs first.
CREATE TABLE "quota_requests" (
    "id" TEXT NOT NULL,
    "key_id" TEXT NOT NULL,
    "day" DATE NOT NULL,
    "admitted" BOOLEAN NOT NULL,
    "at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "quota_requests_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "quota_requests_at_idx" ON "quota_requests"("at");

-- Everything already used this month counts as reserved, so the ledger starts where key_usage is.
INSERT INTO "quota_reservations" ("key_id", "day", "leased")
SELECT "key_id", "day", "count" FROM "key_usage"
 WHERE "day" >= date_trunc('month', now() AT TIME ZONE 'UTC')::date AND "count" > 0;

-- Reserves units for a key's user under one advisory lock per user (the lock consume_quota
-- took). p_request NULL: a lease for the key's Redis allowance: one unit, doubling with each
-- lease of the day up to p_cap (a key that makes few requests leaves little unused), and at
-- least p_floor (the requests waiting for it). p_request set: admits that one request on the Postgres path, charging key_usage in
-- the same transaction. Reserved is never below what key_usage already charged (usage recorded
-- before this ledger, or by an operator). Returns the units granted, the user's day and month
-- totals after it, the window that ran out when fewer than asked were granted, how many of
-- the day's reserved units key_usage does not show used yet, and the key's leased units of the
-- day (so Redis can tell a grant still on its way from a day that is over).
CREATE FUNCTION "reserve_quota"(p_key_id TEXT, p_day DATE, p_daily INTEGER, p_monthly INTEGER,
                                p_cap INTEGER, p_floor INTEGER, p_request TEXT)
RETURNS TABLE (granted INTEGER, day_total INTEGER, month_total INTEGER, full_window TEXT,
               unsettled INTEGER, key_leased INTEGER, recent_units INTEGER)
LANGUAGE plpgsql AS $$
DECLARE
  owner TEXT;
  m_start DATE := date_trunc('month', p_day)::date;
  d INTEGER; m INTEGER; want INTEGER; g INTEGER; prior BOOLEAN; n_leases INTEGER; open_units INTEGER;
BEGIN
  SELECT user_id INTO owner FROM api_keys WHERE id = p_key_id;
  PERFORM pg_advisory_xact_lock(hashtextextended('quota:' || coalesce(owner, p_key_id), 0));
  IF p_request IS NOT NULL THEN
    SELECT q.admitted INTO prior FROM quota_requests q WHERE q.id = p_request;
  END IF;
  -- Per day, whichever is higher of reserved and charged; then the day and the month.
  WITH res AS (
    SELECT r.day, sum(r.leased + r.admitted) AS n
      FROM quota_reservations r JOIN api_keys k ON k.id = r.key_id
     WHERE k.user_id = owner AND r.day >= m_start AND r.day <= p_day GROUP BY r.day
  ), chg AS (
    SELECT u.day, sum(u.count) AS n
      FROM key_usage u JOIN api_keys k ON k.id = u.key_id
     WHERE k.user_id = owner AND u.day >= m_start AND u.day <= p_day GROUP BY u.day
  ), days AS (
    SELECT day, greatest(coalesce(res.n, 0), coalesce(chg.n, 0)) AS n FROM res FULL JOIN chg USING (day)
  )
  SELECT coalesce(sum(n) FILTER (WHERE day = p_day), 0), coalesce(sum(n), 0) INTO d, m FROM days;
  -- Units leased to Redis today that key_usage does not show used yet: still in an allowance,
  -- or admitted and not yet written. Until they settle, a refusal for lack of room may be wrong.
  SELECT greatest(0, coalesce(sum(r.leased + r.admitted), 0) - coalesce((
           SELECT sum(u.count) FROM key_usage u JOIN api_keys k2 ON k2.id = u.key_id
            WHERE k2.user_id = owner AND u.day = p_day), 0))
    INTO open_units
    FROM quota_reservations r JOIN api_keys k ON k.id = r.key_id
   WHERE k.user_id = owner AND r.day = p_day;
  IF prior IS NOT NULL THEN
    -- Asked again (its reply was lost) or already cancelled: the first answer stands.
    RETURN QUERY SELECT CASE WHEN prior THEN 1 ELSE 0 END, d, m, NULL::TEXT, open_units, 0, 0;
    RETURN;
  END IF;
  IF p_request IS NULL THEN
    SELECT coalesce(r.leases, 0) INTO n_leases FROM quota_reservations r
     WHERE r.key_id = p_key_id AND r.day = p_day;
    want := greatest(p_floor, least(p_cap, (2 ^ least(coalesce(n_leases, 0), 20))::INTEGER));
  ELSE
    want := 1;
  END IF;
  g := greatest(0, least(want, p_daily - d, p_monthly - m));
  IF p_request IS NULL THEN
    -- Units leased in the last 2 s: a grant of theirs may still be on its way to Redis.
    INSERT INTO quota_reservations (key_id, day, leased, leases, recent_units, recent_at)
      VALUES (p_key_id, p_day, g, 1, g, clock_timestamp())
      ON CONFLICT (key_id, day) DO UPDATE
        SET leased = quota_reservations.leased + g, leases = quota_reservations.leases + 1,
            recent_units = CASE WHEN quota_reservations.recent_at > clock_timestamp() - interval '2 seconds'
                                THEN quota_reservations.recent_units + g ELSE g END,
            recent_at = clock_timestamp();
  ELSE
    INSERT INTO quota_requests (id, key_id, day, admitted) VALUES (p_request, p_key_id, p_day, g = 1);
    IF g = 1 THEN
      INSERT INTO quota_reservations (key_id, day, admitted) VALUES (p_key_id, p_day, 1)
        ON CONFLICT (key_id, day) DO UPDATE SET admitted = quota_reservations.admitted + 1;
      INSERT INTO key_usage (key_id, day, count) VALUES (p_key_id, p_day, 1)
        ON CONFLICT (key_id, day) DO UPDATE SET count = key_usage.count + 1;
    END IF;
  END IF;
  RETURN QUERY SELECT g, d + g, m + g,
    CASE WHEN g >= want THEN NULL
         WHEN m + g >= p_monthly THEN 'monthly' ELSE 'daily' END,
    open_units,
    coalesce((SELECT r.leased FROM quota_reservations r WHERE r.key_id = p_key_id AND r.day = p_day), 0),
    coalesce((SELECT r.recent_units FROM quota_reservations r WHERE r.key_id = p_key_id AND r.day = p_day
               AND r.recent_at > clock_timestamp() - interval '2 seconds'), 0);
END;
$$;

-- Gives back a request admitted on the Postgres path (a refund, or a reply that was lost), or
-- marks its id so that a statement still on its way can no longer admit it. Returns whether a
-- unit was given back.
CREATE FUNCTION "release_quota_request"(p_request TEXT, p_key_id TEXT, p_day DATE)
RETURNS BOOLEAN
LANGUAGE plpgsql AS $$
DECLARE
  owner TEXT;
  prior BOOLEAN;
  k TEXT; dday DATE;
BEGIN
  SELECT user_id INTO owner FROM api_keys WHERE id = p_key_id;
  PERFORM pg_advisory_xact_lock(hashtextextended('quota:' || coalesce(owner, p_key_id), 0));
  SELECT q.admitted, q.key_id, q.day INTO prior, k, dday FROM quota_requests q WHERE q.id = p_request;
  IF prior IS NULL THEN
    INSERT INTO quota_requests (id, key_id, day, admitted) VALUES (p_request, p_key_id, p_day, false);
    RETURN false;
  END IF;
  IF NOT prior THEN
    RETURN false;
  END IF;
  UPDATE quota_requests SET admitted = false WHERE id = p_request;
  UPDATE quota_reservations SET admitted = greatest(0, admitted - 1) WHERE key_id = k AND day = dday;
  UPDATE key_usage SET count = greatest(0, count - 1) WHERE key_id = k AND day = dday;
  RETURN true;
END;
$$;

-- Replaced by reserve_quota(): it admitted from key_usage alone, which the Redis path's leases
-- are not in.
DROP FUNCTION "consume_quota"(TEXT, DATE, INTEGER, INTEGER);
