-- Monthly balances per account: the daily balances summed per calendar month, kept in step by
-- statement-level triggers on account_daily_balances (whoever writes the daily rows: postJournal, batch
-- postings, repairs by the owner), in the same transaction. Reports over long periods read whole months
-- here and only the days at either edge from the daily rows, so a trial balance reads about
-- accounts x months rows however many lines the journal holds. verifyLedger recomputes both from the lines.

CREATE TABLE account_monthly_balances (
  client_id integer NOT NULL,
  account_id integer NOT NULL,
  -- First day of the month.
  month date NOT NULL CHECK (extract(day FROM month) = 1),
  -- No ">= 0" checks here: the triggers upsert differences, and PostgreSQL checks a row proposed by
  -- INSERT ... ON CONFLICT DO UPDATE before it finds the conflict. verifyLedger checks the figures.
  debit numeric(20,2) NOT NULL DEFAULT 0,
  credit numeric(20,2) NOT NULL DEFAULT 0,
  line_count integer NOT NULL DEFAULT 0,
  PRIMARY KEY (client_id, account_id, month),
  FOREIGN KEY (client_id, account_id) REFERENCES accounts(client_id, id)
);
CREATE INDEX account_monthly_balances_month ON account_monthly_balances(client_id, month);

ALTER TABLE account_monthly_balances ENABLE ROW LEVEL SECURITY;
ALTER TABLE account_monthly_balances FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant ON account_monthly_balances USING (client_id = app_client_id()) WITH CHECK (client_id = app_client_id());
DO $$ BEGIN
  EXECUTE format('CREATE POLICY system ON account_monthly_balances TO %I USING (true) WITH CHECK (true)', current_user);
END $$;
REVOKE DELETE, TRUNCATE ON account_monthly_balances FROM ubo_app;

-- Adds the changed daily rows (new minus old) to their months; one statement per daily write, rows
-- upserted in key order so concurrent postings lock month rows in the same order.
CREATE FUNCTION account_monthly_follow_daily() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO account_monthly_balances AS m (client_id, account_id, month, debit, credit, line_count)
    SELECT client_id, account_id, date_trunc('month', date)::date, sum(debit), sum(credit), sum(line_count)
    FROM new_rows GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (client_id, account_id, month) DO UPDATE
      SET debit = m.debit + excluded.debit, credit = m.credit + excluded.credit, line_count = m.line_count + excluded.line_count;
  ELSE
    -- UPDATE (ON CONFLICT DO UPDATE of a posting, or a repair) and DELETE: apply the difference.
    INSERT INTO account_monthly_balances AS m (client_id, account_id, month, debit, credit, line_count)
    SELECT client_id, account_id, month, sum(debit), sum(credit), sum(line_count) FROM (
      SELECT client_id, account_id, date_trunc('month', date)::date AS month, debit, credit, line_count FROM new_rows
      UNION ALL
      SELECT client_id, account_id, date_trunc('month', date)::date, -debit, -credit, -line_count FROM old_rows
    ) d
    GROUP BY 1, 2, 3
    HAVING sum(debit) <> 0 OR sum(credit) <> 0 OR sum(line_count) <> 0
    ORDER BY 1, 2, 3
    ON CONFLICT (client_id, account_id, month) DO UPDATE
      SET debit = m.debit + excluded.debit, credit = m.credit + excluded.credit, line_count = m.line_count + excluded.line_count;
  END IF;
  RETURN NULL;
END $$;

-- DELETE (only the owner may): subtract the removed days.
CREATE FUNCTION account_monthly_follow_daily_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO account_monthly_balances AS m (client_id, account_id, month, debit, credit, line_count)
  SELECT client_id, account_id, date_trunc('month', date)::date, 0 - sum(debit), 0 - sum(credit), 0 - sum(line_count)
  FROM old_rows GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
  ON CONFLICT (client_id, account_id, month) DO UPDATE
    SET debit = m.debit + excluded.debit, credit = m.credit + excluded.credit, line_count = m.line_count + excluded.line_count;
  RETURN NULL;
END $$;

CREATE TRIGGER account_daily_balances_monthly_insert AFTER INSERT ON account_daily_balances
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION account_monthly_follow_daily();
CREATE TRIGGER account_daily_balances_monthly_update AFTER UPDATE ON account_daily_balances
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION account_monthly_follow_daily();
CREATE TRIGGER account_daily_balances_monthly_delete AFTER DELETE ON account_daily_balances
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION account_monthly_follow_daily_delete();

-- Books posted before this migration.
INSERT INTO account_monthly_balances (client_id, account_id, month, debit, credit, line_count)
SELECT client_id, account_id, date_trunc('month', date)::date, sum(debit), sum(credit), sum(line_count)
FROM account_daily_balances GROUP BY 1, 2, 3;
