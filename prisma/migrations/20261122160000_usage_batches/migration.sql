-- Usage batches already written to key_usage. A flush that timed out client-side may still be
-- committed by the server (a frozen Postgres resumes and runs it); its retry carries the same
-- id, finds it here, and adds nothing, so no admitted request is ever counted twice.
CREATE TABLE "usage_batches" (
    "id" TEXT NOT NULL,
    "at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "usage_batches_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "usage_batches_at_idx" ON "usage_batches"("at");
