-- The jobs an import delivers for one saved query, stored once: every search saved with that
-- query (and both its channels) points at them instead of carrying a copy.
CREATE TABLE "delivery_bodies" (
    "id" VARCHAR(40) NOT NULL,
    -- The import whose new jobs these are, and the saved query (as stored) they match: one body
    -- per import and query, however often the import is planned.
    "snapshot_id" INTEGER NOT NULL,
    "query" VARCHAR(2000) NOT NULL,
    -- What the query found: how many new jobs match (a lower bound unless total_exact), and how
    -- many of the newest the body holds.
    "total" INTEGER NOT NULL,
    "total_exact" BOOLEAN NOT NULL,
    "job_count" INTEGER NOT NULL,
    -- A JSON array of jobs, kept as the text sent: spliced into each event's body unparsed.
    "jobs" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "delivery_bodies_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "delivery_bodies_once_key" ON "delivery_bodies"("snapshot_id", "query");

-- A delivery's payload without its jobs when body_id is set; deliveries planned before this
-- column carry their whole payload and no body.
ALTER TABLE "deliveries" ADD COLUMN "body_id" VARCHAR(40);
ALTER TABLE "deliveries" ADD CONSTRAINT "deliveries_body_id_fkey" FOREIGN KEY ("body_id") REFERENCES "delivery_bodies"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
-- The purge finds bodies no delivery points at any more.
CREATE INDEX "deliveries_body_id_idx" ON "deliveries"("body_id");
