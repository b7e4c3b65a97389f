-- Bill runs and their cancellations become jobs of the shared mechanism (0040): kinds 'bills.run' and
-- 'bills.cancel', what was asked in input, what was done in result. Ids are kept, so a job's address in
-- the API stays the same. Migrations run before the server serves: a job still queued or running here was
-- left by a stopped server (its transaction never committed), so it is moved as failed.
INSERT INTO jobs (id, client_id, kind, input, status, attempts, max_attempts, processed, total, result, error,
                  created_by, created_at, started_at, finished_at)
SELECT j.id, j.client_id, 'bills.' || j.kind,
       jsonb_build_object('period', j.period, 'zoneId', j.zone_id, 'service', j.service)
         || CASE WHEN j.kind = 'cancel' THEN jsonb_build_object('runId', j.run_id) ELSE '{}'::jsonb END,
       CASE WHEN j.status IN ('queued', 'running') THEN 'failed' ELSE j.status END,
       CASE WHEN j.status = 'queued' THEN 0 ELSE 1 END, 1, j.processed, j.total,
       CASE WHEN j.status = 'done' THEN jsonb_build_object('runId', j.run_id, 'billCount', j.bill_count, 'amount', j.amount::text) END,
       CASE WHEN j.status IN ('queued', 'running')
            THEN CASE j.kind WHEN 'cancel' THEN 'billJob.cancelInterrupted' ELSE 'billJob.interrupted' END
            ELSE j.error END,
       j.created_by, j.created_at, j.started_at,
       CASE WHEN j.status IN ('queued', 'running') THEN coalesce(j.finished_at, now()) ELSE j.finished_at END
FROM bill_run_jobs j;
SELECT setval(pg_get_serial_sequence('jobs', 'id'), greatest((SELECT max(id) FROM jobs), 1), (SELECT count(*) > 0 FROM jobs));
DROP TABLE bill_run_jobs;

-- One unfinished cancellation per run.
CREATE UNIQUE INDEX jobs_one_bill_run_cancel ON jobs(client_id, ((input->>'runId')::bigint))
  WHERE kind = 'bills.cancel' AND status IN ('queued', 'running');
