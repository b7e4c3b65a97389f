-- Bill runs in the background: a job row per requested run (period, zone, service), written when it is
-- queued, when it starts and, in the run's own transaction, when it is done; so a committed run always
-- has its job marked done, and a run that never committed leaves its job queued or running, which the
-- next server start marks failed (nothing was billed). Progress while running lives in the server's
-- memory (PGlite has one connection: no progress writes from a second transaction).
-- Also the foreign key a billed reading was missing: it names a real bill of the same organisation.

CREATE TABLE bill_run_jobs (
  id bigserial PRIMARY KEY,
  client_id integer NOT NULL REFERENCES clients(id),
  period text NOT NULL CHECK (period ~ '^\d{4}-(0[1-9]|1[0-2])$'),
  zone_id integer,
  service text NOT NULL CHECK (service IN ('water', 'electricity')),
  status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'running', 'done', 'failed')),
  -- Bills written and bills to write, as last recorded (the live figures are in the running server).
  processed integer NOT NULL DEFAULT 0 CHECK (processed >= 0),
  total integer NOT NULL DEFAULT 0 CHECK (total >= 0),
  run_id bigint,
  bill_count integer CHECK (bill_count >= 0),
  amount numeric(18,2),
  -- Message key (contracts messages) of why the job failed.
  error text,
  created_by integer,
  created_at timestamptz NOT NULL DEFAULT now(),
  started_at timestamptz,
  finished_at timestamptz,
  UNIQUE (client_id, id),
  CHECK ((status = 'done') = (run_id IS NOT NULL)),
  CHECK ((status = 'failed') = (error IS NOT NULL)),
  FOREIGN KEY (client_id, zone_id) REFERENCES zones(client_id, id),
  FOREIGN KEY (client_id, run_id) REFERENCES bill_runs(client_id, id),
  FOREIGN KEY (client_id, created_by) REFERENCES users(client_id, id)
);
CREATE INDEX bill_run_jobs_recent ON bill_run_jobs(client_id, id DESC);
-- What a server start looks at: jobs that never finished.
CREATE INDEX bill_run_jobs_unfinished ON bill_run_jobs(id) WHERE status IN ('queued', 'running');

DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['bill_run_jobs'] LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t);
    EXECUTE format('CREATE POLICY tenant ON %I USING (client_id = app_client_id()) WITH CHECK (client_id = app_client_id())', t);
    EXECUTE format('CREATE POLICY system ON %I TO %I USING (true) WITH CHECK (true)', t, current_user);
  END LOOP;
END $$;

REVOKE DELETE, TRUNCATE ON bill_run_jobs FROM ubo_app;

-- A billed reading names a bill of its own organisation (0022 left this out while tests used made-up ids).
ALTER TABLE meter_readings
  ADD CONSTRAINT meter_readings_billed_bill FOREIGN KEY (client_id, billed_bill_id) REFERENCES bills(client_id, id);

-- The ledger's deferred balance check (0010) runs once per entry and per line at commit. Run as the
-- tenant role, row-level security adds "client_id = app_client_id()" to its lookup of the entry's lines,
-- and without fresh statistics (a new installation; PGlite, which has no autovacuum, always) the planner
-- combines the client_id index with the entry index: every check then reads all the organisation's
-- lines, so a bill run of N bills costs N x (lines in the books). As the owner (whose policies reduce to
-- true) the check reads only the entry's lines by journal_lines_entry. It reads two rows by id and
-- raises; it writes nothing, so running it as the owner widens nothing. The body is unchanged.
ALTER FUNCTION journal_entry_is_balanced() SECURITY DEFINER SET search_path = public, pg_temp;
