-- Cancelling a bill run is a background job too (issue 12: a 10,000-bill run took one 65-second request).
-- A cancel job is a bill_run_jobs row of kind 'cancel' naming the run from the start; it runs like a bill
-- run: ONE transaction reverses the entries chunk by chunk (progress in the server's memory), cancels the
-- bills and the run and marks the job done, so a crash leaves nothing half cancelled.
ALTER TABLE bill_run_jobs ADD COLUMN kind text NOT NULL DEFAULT 'run' CHECK (kind IN ('run', 'cancel'));

-- A bill run job names its run once done; a cancel job names its run from the start.
DO $$
DECLARE c text;
BEGIN
  SELECT conname INTO c FROM pg_constraint
  WHERE conrelid = 'bill_run_jobs'::regclass AND contype = 'c' AND pg_get_constraintdef(oid) LIKE '%run_id IS NOT NULL%';
  EXECUTE format('ALTER TABLE bill_run_jobs DROP CONSTRAINT %I', c);
END $$;
ALTER TABLE bill_run_jobs ADD CONSTRAINT bill_run_jobs_run_named
  CHECK (CASE kind WHEN 'run' THEN (status = 'done') = (run_id IS NOT NULL) ELSE run_id IS NOT NULL END);

-- One unfinished cancellation per run.
CREATE UNIQUE INDEX bill_run_jobs_one_cancel ON bill_run_jobs(client_id, run_id) WHERE kind = 'cancel' AND status IN ('queued', 'running');
