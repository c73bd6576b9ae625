-- Self-serve plans through Stripe. A user's Stripe customer, the state of their subscription as
-- the last applied webhook event left it (with a plan change waiting for the end of the paid
-- period), and the events already handled, so a redelivered event changes nothing.
ALTER TABLE "users" ADD COLUMN "stripe_customer_id" TEXT;
CREATE UNIQUE INDEX "users_stripe_customer_id_key" ON "users"("stripe_customer_id");

CREATE TABLE "billing_subscriptions" (
    "user_id" TEXT NOT NULL,
    "subscription_id" TEXT NOT NULL,
    -- Stripe's status: active, trialing, past_due, canceled, unpaid, incomplete, ...
    "status" TEXT NOT NULL,
    -- The tier the subscription's price pays for.
    "paid_tier" "tier" NOT NULL,
    "current_period_end" TIMESTAMPTZ(3),
    "cancel_at_period_end" BOOLEAN NOT NULL DEFAULT false,
    -- A change that waits for the end of the paid period (a downgrade, a cancellation).
    "pending_tier" "tier",
    "pending_at" TIMESTAMPTZ(3),
    -- The creation time of the newest event applied: an older one arriving later is ignored.
    "last_event_at" TIMESTAMPTZ(3) NOT NULL,
    "payment_failed_at" TIMESTAMPTZ(3),
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "billing_subscriptions_pkey" PRIMARY KEY ("user_id"),
    CONSTRAINT "billing_subscriptions_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE UNIQUE INDEX "billing_subscriptions_subscription_id_key" ON "billing_subscriptions"("subscription_id");
CREATE INDEX "billing_subscriptions_pending_at_idx" ON "billing_subscriptions"("pending_at");

CREATE TABLE "stripe_events" (
    "id" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "created" TIMESTAMPTZ(3) NOT NULL,
    "received_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "stripe_events_pkey" PRIMARY KEY ("id")
);
