-- Users, API keys and per-day usage, plus the Postgres-only quota path.
CREATE TYPE "tier" AS ENUM ('free', 'builder', 'pro');
CREATE TYPE "key_status" AS ENUM ('inactive', 'active', 'revoked');

CREATE TABLE "users" (
    "id" TEXT NOT NULL,
    "name" TEXT,
    "email" TEXT,
    "email_verified" TIMESTAMPTZ(3),
    "image" TEXT,
    "tier" "tier" NOT NULL DEFAULT 'free',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "users_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "users_email_key" ON "users"("email");

CREATE TABLE "api_keys" (
    "id" TEXT NOT NULL,
    "user_id" TEXT NOT NULL,
    "hash" CHAR(64) NOT NULL,
    "hint" VARCHAR(20) NOT NULL,
    "status" "key_status" NOT NULL DEFAULT 'inactive',
    "version" INTEGER NOT NULL DEFAULT 1,
    "confirm_token_hash" CHAR(64),
    "confirm_expires_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "confirmed_at" TIMESTAMPTZ(3),
    "revoked_at" TIMESTAMPTZ(3),
    CONSTRAINT "api_keys_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "api_keys_hash_key" ON "api_keys"("hash");
CREATE UNIQUE INDEX "api_keys_confirm_token_hash_key" ON "api_keys"("confirm_token_hash");
CREATE INDEX "api_keys_user_id_idx" ON "api_keys"("user_id");
-- One live key per user, race-proof. Not expressible in schema.prisma (partial index).
CREATE UNIQUE INDEX "api_keys_one_live_per_user" ON "api_keys"("user_id") WHERE "status" IN ('inactive', 'active');
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_user_id_fkey"
    FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

CREATE TABLE "key_usage" (
    "key_id" TEXT NOT NULL,
    "day" DATE NOT NULL,
    "count" INTEGER NOT NULL,
    CONSTRAINT "key_usage_pkey" PRIMARY KEY ("key_id", "day")
);
ALTER TABLE "key_usage" ADD CONSTRAINT "key_usage_key_id_fkey"
    FOREIGN KEY ("key_id") REFERENCES "api_keys"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Admits one request against both windows atomically when Redis is unavailable: a per-key
-- advisory lock serialises concurrent callers, then both windows are checked and the day
-- row incremented only when both have room.
CREATE FUNCTION "consume_quota"(p_key_id TEXT, p_day DATE, p_daily INTEGER, p_monthly INTEGER)
RETURNS TABLE (admitted BOOLEAN, day_used INTEGER, month_used INTEGER)
LANGUAGE plpgsql AS $$
DECLARE
  d INTEGER;
  m INTEGER;
BEGIN
  PERFORM pg_advisory_xact_lock(hashtextextended('quota:' || p_key_id, 0));
  SELECT coalesce(sum(count) FILTER (WHERE day = p_day), 0), coalesce(sum(count), 0)
    INTO d, m
    FROM key_usage
   WHERE key_id = p_key_id AND day >= date_trunc('month', p_day)::date AND day <= p_day;
  IF d >= p_daily OR m >= p_monthly THEN
    RETURN QUERY SELECT false, d, m;
    RETURN;
  END IF;
  INSERT INTO key_usage (key_id, day, count) VALUES (p_key_id, p_day, 1)
    ON CONFLICT (key_id, day) DO UPDATE SET count = key_usage.count + 1;
  RETURN QUERY SELECT true, d + 1, m + 1;
END;
$$;
