-- Monthly reconciliation of a bank or mobile money account with its statement: one row per account and
-- month (statement balance, draft or completed), and the ledger lines ticked as cleared in it. A line is
-- cleared at most once; a completed reconciliation and its cleared lines never change again.

CREATE UNIQUE INDEX IF NOT EXISTS users_client_id_id ON users(client_id, id);

CREATE TABLE reconciliations (
  id serial PRIMARY KEY,
  client_id integer NOT NULL REFERENCES clients(id),
  account_id integer NOT NULL,
  period text NOT NULL CHECK (period ~ '^\d{4}-(0[1-9]|1[0-2])$'),
  statement_balance numeric(18,2) NOT NULL,
  status text NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'completed')),
  -- Figures at completion, kept as the record of what was agreed.
  ledger_balance numeric(18,2),
  cleared_balance numeric(18,2),
  completed_by integer,
  completed_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (client_id, id),
  UNIQUE (client_id, account_id, period),
  FOREIGN KEY (client_id, account_id) REFERENCES accounts(client_id, id),
  FOREIGN KEY (client_id, completed_by) REFERENCES users(client_id, id),
  CHECK ((status = 'completed') = (completed_at IS NOT NULL AND completed_by IS NOT NULL AND ledger_balance IS NOT NULL AND cleared_balance IS NOT NULL))
);

CREATE TABLE reconciliation_items (
  client_id integer NOT NULL REFERENCES clients(id),
  reconciliation_id integer NOT NULL,
  line_id bigint NOT NULL REFERENCES journal_lines(id),
  created_at timestamptz NOT NULL DEFAULT now(),
  -- Cleared once: a line on one statement is not on another.
  PRIMARY KEY (client_id, line_id),
  FOREIGN KEY (client_id, reconciliation_id) REFERENCES reconciliations(client_id, id)
);
CREATE INDEX reconciliation_items_reconciliation ON reconciliation_items(client_id, reconciliation_id);

-- A completed reconciliation is final: no field changes, it is not deleted.
CREATE FUNCTION reconciliation_is_final() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.status = 'completed' THEN
    RAISE EXCEPTION 'reconciliation % (%) is completed and cannot be changed', OLD.id, OLD.period USING ERRCODE = 'insufficient_privilege';
  END IF;
  IF TG_OP = 'DELETE' THEN RETURN OLD; END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER reconciliations_final BEFORE UPDATE OR DELETE ON reconciliations
  FOR EACH ROW EXECUTE FUNCTION reconciliation_is_final();

-- Cleared lines of a completed reconciliation cannot be added or uncleared; a cleared line must be a
-- line of the reconciled account, of the same organisation.
CREATE FUNCTION reconciliation_item_check() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  r record;
BEGIN
  IF TG_OP = 'UPDATE' THEN
    RAISE EXCEPTION 'cleared lines are added or removed, never changed' USING ERRCODE = 'insufficient_privilege';
  END IF;
  IF TG_OP = 'DELETE' THEN
    SELECT id, account_id, status INTO r FROM reconciliations WHERE client_id = OLD.client_id AND id = OLD.reconciliation_id;
  ELSE
    SELECT id, account_id, status INTO r FROM reconciliations WHERE client_id = NEW.client_id AND id = NEW.reconciliation_id;
  END IF;
  IF r.status = 'completed' THEN
    RAISE EXCEPTION 'reconciliation % is completed; its cleared lines cannot change', r.id USING ERRCODE = 'insufficient_privilege';
  END IF;
  IF TG_OP = 'DELETE' THEN RETURN OLD; END IF;
  IF NOT EXISTS (SELECT 1 FROM journal_lines l WHERE l.id = NEW.line_id AND l.client_id = NEW.client_id AND l.account_id = r.account_id) THEN
    RAISE EXCEPTION 'line % is not a line of account %', NEW.line_id, r.account_id USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER reconciliation_items_check BEFORE INSERT OR UPDATE OR DELETE ON reconciliation_items
  FOR EACH ROW EXECUTE FUNCTION reconciliation_item_check();

DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['reconciliations', 'reconciliation_items'] LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t);
    EXECUTE format('CREATE POLICY tenant ON %I USING (client_id = app_client_id()) WITH CHECK (client_id = app_client_id())', t);
    EXECUTE format('CREATE POLICY system ON %I TO %I USING (true) WITH CHECK (true)', t, current_user);
  END LOOP;
END $$;

-- Reconciliations are kept (drafts are edited, completed ones are final); items of drafts may be removed.
REVOKE DELETE, TRUNCATE ON reconciliations FROM ubo_app;
REVOKE UPDATE, TRUNCATE ON reconciliation_items FROM ubo_app;
