-- Durable background jobs (issue 13 §5): one table for every module's jobs (bill runs and their
-- cancellation, the SMS dispatcher; payroll, depreciation, imports to come). A job row is queued in the
-- transaction that asks for it; any server process claims it (FOR UPDATE SKIP LOCKED), holds it with a
-- lease it renews while it works (heartbeat), writes its progress to the row, and marks it done in the
-- SAME transaction as the work, so a crash leaves it running with a lapsing lease: another process (or the
-- next start) retries it or, attempts used up, marks it failed. Nothing of it was committed.
CREATE TABLE jobs (
  id bigserial PRIMARY KEY,
  -- NULL: an installation job (the SMS dispatcher serves every organisation); invisible to tenants.
  client_id integer REFERENCES clients(id),
  -- '<module>.<job>', e.g. 'bills.run'; the module that defines the kind reads its input and result.
  kind text NOT NULL CHECK (kind ~ '^[a-z-]+\.[a-z-]+$'),
  input jsonb NOT NULL DEFAULT '{}',
  -- Who started it (lib/actor.ts, as JSON): the job runs as that person (audit lines name them).
  actor jsonb,
  status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'running', 'done', 'failed')),
  attempts integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
  max_attempts integer NOT NULL DEFAULT 1 CHECK (max_attempts >= 1),
  -- A queued job is not claimed before this (a periodic job's next round; kicked: now()).
  run_after timestamptz NOT NULL DEFAULT now(),
  -- The worker running it and until when its claim holds unless renewed.
  locked_by text,
  lease_until timestamptz,
  processed integer NOT NULL DEFAULT 0 CHECK (processed >= 0),
  total integer NOT NULL DEFAULT 0 CHECK (total >= 0),
  result jsonb,
  -- Message key (contracts messages) of why the job failed.
  error text,
  created_by integer,
  created_at timestamptz NOT NULL DEFAULT now(),
  started_at timestamptz,
  finished_at timestamptz,
  UNIQUE (client_id, id),
  CHECK ((status = 'failed') = (error IS NOT NULL)),
  CHECK ((status = 'running') = (lease_until IS NOT NULL)),
  FOREIGN KEY (client_id, created_by) REFERENCES users(client_id, id)
);
-- What a worker's claim reads: due queued jobs, and running ones whose lease lapsed.
CREATE INDEX jobs_due ON jobs(run_after) WHERE status = 'queued';
CREATE INDEX jobs_leased ON jobs(lease_until) WHERE status = 'running';
CREATE INDEX jobs_recent ON jobs(client_id, kind, id DESC);
-- An installation job of a kind is one row, queued again after each round (periodic jobs).
CREATE UNIQUE INDEX jobs_one_installation_job ON jobs(kind) WHERE client_id IS NULL;

ALTER TABLE jobs ENABLE ROW LEVEL SECURITY;
ALTER TABLE jobs FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant ON jobs USING (client_id = app_client_id()) WITH CHECK (client_id = app_client_id());
DO $$ BEGIN EXECUTE format('CREATE POLICY system ON jobs TO %I USING (true) WITH CHECK (true)', current_user); END $$;
REVOKE DELETE, TRUNCATE ON jobs FROM ubo_app;
