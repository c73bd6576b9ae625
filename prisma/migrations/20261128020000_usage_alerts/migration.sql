-- Usage alerts by e-mail: at 80 % and 100 % of each quota window, once per window and user.
-- A row is written (off the request path) when a request first shows a threshold reached, and
-- is the outbox the sender works through: sent, skipped (alerts off, window over) or retried.
ALTER TABLE "users" ADD COLUMN "usage_alerts" BOOLEAN NOT NULL DEFAULT true;

CREATE TABLE "usage_alerts" (
    "user_id" TEXT NOT NULL,
    -- 'daily' or 'monthly', and the first day of that window (UTC).
    "window" TEXT NOT NULL,
    "window_start" DATE NOT NULL,
    "threshold" SMALLINT NOT NULL,
    -- What the request that reached the threshold saw.
    "used" INTEGER NOT NULL,
    "limit" INTEGER NOT NULL,
    "resets_at" TIMESTAMPTZ(3) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "next_attempt_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "last_error" TEXT,
    -- 'sent', 'off' (the user turned alerts off), 'expired' (the window reset first); null: to do.
    "outcome" TEXT,
    "done_at" TIMESTAMPTZ(3),
    CONSTRAINT "usage_alerts_pkey" PRIMARY KEY ("user_id", "window", "window_start", "threshold"),
    CONSTRAINT "usage_alerts_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "usage_alerts_window_check" CHECK ("window" IN ('daily', 'monthly')),
    CONSTRAINT "usage_alerts_threshold_check" CHECK ("threshold" IN (80, 100))
);
-- The sender's queue: what is still to do, by when.
CREATE INDEX "usage_alerts_due_idx" ON "usage_alerts" ("next_attempt_at");
