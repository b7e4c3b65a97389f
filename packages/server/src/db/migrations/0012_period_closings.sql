-- Year-end closings: each row records one closing (the period, the retained earnings account, the
-- closing entry posted with source type 'closing', the totals moved) and, when an administrator later
-- reopens the period, who did it, when and why. The lock date itself lives in ledger_settings.

CREATE TABLE period_closings (
  id serial PRIMARY KEY,
  client_id integer NOT NULL REFERENCES clients(id),
  -- Day after the lock date in force when closing; NULL: from the first posting.
  period_start date,
  period_end date NOT NULL,
  retained_earnings_account_id integer NOT NULL,
  -- NULL when no income or expense account had a balance to close.
  entry_id bigint,
  income_total numeric(18,2) NOT NULL,
  expense_total numeric(18,2) NOT NULL,
  net_income numeric(18,2) NOT NULL,
  memo text CHECK (length(memo) <= 1000),
  created_by integer,
  created_at timestamptz NOT NULL DEFAULT now(),
  reopened_at timestamptz,
  reopened_by integer,
  reopen_reason text CHECK (length(reopen_reason) <= 500),
  UNIQUE (client_id, id),
  UNIQUE (client_id, entry_id),
  CHECK (period_start IS NULL OR period_start <= period_end),
  CHECK (net_income = income_total - expense_total),
  CHECK ((reopened_at IS NULL) = (reopen_reason IS NULL)),
  FOREIGN KEY (client_id, retained_earnings_account_id) REFERENCES accounts(client_id, id),
  FOREIGN KEY (client_id, entry_id) REFERENCES journal_entries(client_id, id),
  FOREIGN KEY (client_id, created_by) REFERENCES users(client_id, id),
  FOREIGN KEY (client_id, reopened_by) REFERENCES users(client_id, id)
);
CREATE INDEX period_closings_end ON period_closings(client_id, period_end DESC, id DESC);

ALTER TABLE period_closings ENABLE ROW LEVEL SECURITY;
ALTER TABLE period_closings FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant ON period_closings USING (client_id = app_client_id()) WITH CHECK (client_id = app_client_id());
DO $$ BEGIN
  EXECUTE format('CREATE POLICY system ON period_closings TO %I USING (true) WITH CHECK (true)', current_user);
END $$;

-- A closing is history: only the reopening columns may be filled in later.
REVOKE UPDATE, DELETE, TRUNCATE ON period_closings FROM ubo_app;
GRANT UPDATE (reopened_at, reopened_by, reopen_reason) ON period_closings TO ubo_app;
