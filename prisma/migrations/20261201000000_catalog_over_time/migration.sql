-- Ages across imports and a feed of what each import changed.
--
-- first_seen_at: when an import first held the job's id (carried over from the snapshot before);
-- last_seen_at: when the import that holds it ran; expires_at: the source's validThrough.
-- digest: a hash of what the job says, so an import can tell a changed job from an unchanged one.
-- Null on rows written before these columns.
ALTER TABLE "jobs" ADD COLUMN "first_seen_at" TIMESTAMPTZ(3);
ALTER TABLE "jobs" ADD COLUMN "last_seen_at" TIMESTAMPTZ(3);
ALTER TABLE "jobs" ADD COLUMN "expires_at" TIMESTAMPTZ(3);
ALTER TABLE "jobs" ADD COLUMN "digest" BIGINT;

-- One row per import that had a snapshot before it; written in the transaction that makes the
-- import live, so the feed never shows the changes of an import that did not go live. Kept
-- longer than the snapshots themselves (no foreign key to catalog_snapshots).
CREATE TABLE "job_change_sets" (
    "snapshot_id" INTEGER NOT NULL,
    "previous_snapshot_id" INTEGER NOT NULL,
    "seen_at" TIMESTAMPTZ(3) NOT NULL,
    "first_seq" BIGINT NOT NULL,
    "last_seq" BIGINT NOT NULL,
    "added" INTEGER NOT NULL,
    "changed" INTEGER NOT NULL,
    "removed" INTEGER NOT NULL,
    "published_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    -- Past the feed's retention: its changes are deleted, the row stays to tell a cursor that
    -- points before it (410) from one that is merely old.
    "expired" BOOLEAN NOT NULL DEFAULT false,
    CONSTRAINT "job_change_sets_pkey" PRIMARY KEY ("snapshot_id")
);

-- kind: 1 added, 2 changed, 3 removed. country_code: the job's country in the snapshot the
-- change was seen in (for a removal, the one before), so a country filter narrows removals too.
CREATE TABLE "job_changes" (
    "seq" BIGSERIAL NOT NULL,
    "snapshot_id" INTEGER NOT NULL,
    "job_id" VARCHAR(64) NOT NULL,
    "kind" SMALLINT NOT NULL,
    "country_code" CHAR(2) NOT NULL,
    CONSTRAINT "job_changes_pkey" PRIMARY KEY ("seq")
);
CREATE INDEX "job_changes_snapshot_id_seq_idx" ON "job_changes" ("snapshot_id", "seq");
