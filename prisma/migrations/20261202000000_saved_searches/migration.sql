-- A changed job's country before the change: a feed filtered by country lists a job that left it.
ALTER TABLE "job_changes" ADD COLUMN "previous_country_code" CHAR(2);

-- Searches by when the catalog first held a job (seen_within_days, and each import's new jobs
-- for saved searches): the filter columns trail the key, as in the other listing indexes.
-- Built on every existing partition: it blocks imports (not reads) while it builds.
CREATE INDEX "jobs_first_seen_idx" ON "jobs" ("snapshot_id", "first_seen_at" DESC NULLS LAST, "posted_at" DESC, "id", "country_code", "combo", "company_key", "title_id", "city_key");

-- A signed-in user's saved /v1/jobs query and where its new jobs go after each import.
CREATE TABLE "saved_searches" (
    "id" VARCHAR(40) NOT NULL,
    "user_id" TEXT NOT NULL,
    "name" VARCHAR(80) NOT NULL,
    -- The query string as /v1/jobs takes it, in a canonical order, without paging or sort.
    "query" VARCHAR(2000) NOT NULL,
    "email_digest" BOOLEAN NOT NULL DEFAULT false,
    "webhook_url" VARCHAR(2048),
    -- Sealed with the server's secret (lib/saved-searches/secret-box.ts); shown once, at creation and rotation.
    "webhook_secret" TEXT,
    -- The secret before the last rotation, still signed with until then.
    "previous_secret" TEXT,
    "previous_secret_until" TIMESTAMPTZ(3),
    -- Since when every delivery to the endpoint failed; past 3 days it is disabled.
    "webhook_failing_since" TIMESTAMPTZ(3),
    "webhook_disabled_at" TIMESTAMPTZ(3),
    -- Imports published after this one are delivered.
    "after_snapshot_id" INTEGER NOT NULL DEFAULT 0,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "saved_searches_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "saved_searches_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE INDEX "saved_searches_user_id_idx" ON "saved_searches" ("user_id");

-- One event per saved search, import and channel (the unique key makes planning idempotent
-- across instances); its id is the Webhook-Id receivers deduplicate by.
CREATE TABLE "deliveries" (
    "id" VARCHAR(40) NOT NULL,
    "saved_search_id" VARCHAR(40) NOT NULL,
    "user_id" TEXT NOT NULL,
    -- The import whose new jobs this delivers; a test event's own negative number.
    "snapshot_id" INTEGER NOT NULL,
    "channel" VARCHAR(10) NOT NULL,
    "payload" JSONB NOT NULL,
    "jobs" INTEGER NOT NULL,
    -- pending, delivered, failed (gave up), skipped (the channel was off when its turn came)
    "status" VARCHAR(10) NOT NULL DEFAULT 'pending',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "next_attempt_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "last_status" INTEGER,
    "last_error" VARCHAR(300),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "done_at" TIMESTAMPTZ(3),
    CONSTRAINT "deliveries_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "deliveries_saved_search_id_fkey" FOREIGN KEY ("saved_search_id") REFERENCES "saved_searches"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE UNIQUE INDEX "deliveries_once_key" ON "deliveries" ("saved_search_id", "snapshot_id", "channel");
-- Pending ones only: settled deliveries (kept 90 days) are never walked by a claim.
CREATE INDEX "deliveries_due_idx" ON "deliveries" ("next_attempt_at") WHERE "status" = 'pending';
CREATE INDEX "deliveries_done_at_idx" ON "deliveries" ("done_at");
CREATE INDEX "deliveries_user_id_created_at_idx" ON "deliveries" ("user_id", "created_at");

-- Each try of a delivery, for the Studio's delivery log.
CREATE TABLE "delivery_attempts" (
    "id" BIGSERIAL NOT NULL,
    "delivery_id" VARCHAR(40) NOT NULL,
    "at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "status_code" INTEGER,
    "error" VARCHAR(300),
    "ms" INTEGER NOT NULL,
    CONSTRAINT "delivery_attempts_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "delivery_attempts_delivery_id_fkey" FOREIGN KEY ("delivery_id") REFERENCES "deliveries"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE INDEX "delivery_attempts_delivery_id_idx" ON "delivery_attempts" ("delivery_id");

-- Each import's planning: claimed by one instance at a time (a claim lapses if it dies), done once.
CREATE TABLE "delivery_plans" (
    "snapshot_id" INTEGER NOT NULL,
    "claimed_until" TIMESTAMPTZ(3) NOT NULL,
    "done_at" TIMESTAMPTZ(3),
    "searches" INTEGER NOT NULL DEFAULT 0,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    CONSTRAINT "delivery_plans_pkey" PRIMARY KEY ("snapshot_id")
);
