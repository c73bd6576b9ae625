-- Quotas belong to the user, not to one key (spec section 5: usage attaches to the workspace):
-- a user's new key continues the day's and month's counts of the keys it replaced, so revoking
-- and registering again cannot multiply the quota. key_usage stays per key (who made the
-- requests); admission sums it over the user's keys, under one advisory lock per user.
CREATE OR REPLACE FUNCTION "consume_quota"(p_key_id TEXT, p_day DATE, p_daily INTEGER, p_monthly INTEGER)
RETURNS TABLE (admitted BOOLEAN, day_used INTEGER, month_used INTEGER)
LANGUAGE plpgsql AS $$
DECLARE
  owner TEXT;
  d INTEGER;
  m INTEGER;
BEGIN
  SELECT user_id INTO owner FROM api_keys WHERE id = p_key_id;
  PERFORM pg_advisory_xact_lock(hashtextextended('quota:' || coalesce(owner, p_key_id), 0));
  SELECT coalesce(sum(u.count) FILTER (WHERE u.day = p_day), 0), coalesce(sum(u.count), 0)
    INTO d, m
    FROM key_usage u JOIN api_keys k ON k.id = u.key_id
   WHERE k.user_id = owner AND u.day >= date_trunc('month', p_day)::date AND u.day <= p_day;
  IF d >= p_daily OR m >= p_monthly THEN
    RETURN QUERY SELECT false, d, m;
    RETURN;
  END IF;
  INSERT INTO key_usage (key_id, day, count) VALUES (p_key_id, p_day, 1)
    ON CONFLICT (key_id, day) DO UPDATE SET count = key_usage.count + 1;
  RETURN QUERY SELECT true, d + 1, m + 1;
END;
$$;
