-- Budgets: a planned amount per income or expense account per month, compared with the ledger by the
-- budget-vs-actual report. One row per (organisation, account, year, month); the application upserts.

CREATE TABLE budgets (
  id serial PRIMARY KEY,
  client_id integer NOT NULL REFERENCES clients(id),
  account_id integer NOT NULL,
  year smallint NOT NULL CHECK (year BETWEEN 2000 AND 2100),
  month smallint NOT NULL CHECK (month BETWEEN 1 AND 12),
  amount numeric(18,2) NOT NULL CHECK (amount >= 0),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (client_id, account_id, year, month),
  FOREIGN KEY (client_id, account_id) REFERENCES accounts(client_id, id)
);
CREATE INDEX budgets_year ON budgets(client_id, year, month);

-- Only income and expense accounts carry a budget (the service checks first and names the line).
CREATE FUNCTION budget_account_is_income_or_expense() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM accounts a WHERE a.client_id = NEW.client_id AND a.id = NEW.account_id AND a.type IN ('income', 'expense')) THEN
    RAISE EXCEPTION 'account % is not an income or expense account; it cannot carry a budget', NEW.account_id USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER budgets_account_type BEFORE INSERT OR UPDATE OF account_id ON budgets
  FOR EACH ROW EXECUTE FUNCTION budget_account_is_income_or_expense();

ALTER TABLE budgets ENABLE ROW LEVEL SECURITY;
ALTER TABLE budgets FORCE ROW LEVEL SECURITY;
DO $$
BEGIN
  EXECUTE 'CREATE POLICY tenant ON budgets USING (client_id = app_client_id()) WITH CHECK (client_id = app_client_id())';
  EXECUTE format('CREATE POLICY system ON budgets TO %I USING (true) WITH CHECK (true)', current_user);
END $$;
-- A budget cell is set (to zero if need be), never deleted, so its history stays in the audit log.
REVOKE DELETE, TRUNCATE ON budgets FROM ubo_app;
