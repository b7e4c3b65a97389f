-- Payroll on the books (issue 16, remainder): net pay owed to each employee as an open item, net pay rounded
-- to the HR settings' unit with the difference on a rounding account, other deductions (fines and the like)
-- credited to their own account, and loans and salary advances on distinct control accounts.

-- Accounts the payroll posts to that the default chart lacked: employee loans apart from salary advances,
-- and the rounding differences of net pay. New organisations get them from the default chart.
INSERT INTO accounts (client_id, code, name_en, name_so, type, subtype, currency, is_system)
SELECT c.id, x.code, x.name_en, x.name_so, x.type, x.subtype, coalesce(c.currency, 'USD'), x.is_system
FROM clients c
CROSS JOIN (VALUES
  ('1115', 'Employee loans', 'Amaahda shaqaalaha', 'asset', 'receivable', true),
  ('6030', 'Payroll rounding differences', 'Farqiga soo koobidda mushaharka', 'expense', 'payroll_expense', true)
) AS x(code, name_en, name_so, type, subtype, is_system)
WHERE EXISTS (SELECT 1 FROM accounts a WHERE a.client_id = c.id)
ON CONFLICT (client_id, code) DO NOTHING;
-- 1110 keeps the salary advances; its default name said both (a name the organisation changed stays).
UPDATE accounts SET name_en = 'Employee salary advances', name_so = 'Horudhaca mushaharka shaqaalaha', updated_at = now()
WHERE code = '1110' AND name_en = 'Employee advances and loans';

ALTER TABLE hr_settings
  ADD COLUMN other_deductions_account_id integer,
  ADD COLUMN rounding_account_id integer,
  ADD FOREIGN KEY (client_id, other_deductions_account_id) REFERENCES accounts(client_id, id),
  ADD FOREIGN KEY (client_id, rounding_account_id) REFERENCES accounts(client_id, id);
UPDATE hr_settings s SET
  other_deductions_account_id = (SELECT id FROM accounts a WHERE a.client_id = s.client_id AND a.code = '2110'),
  rounding_account_id = (SELECT id FROM accounts a WHERE a.client_id = s.client_id AND a.code = '6030');
-- Settings that pointed loans and advances at the same account: loans move to 1115. Loans already given keep
-- the account they were posted to (hr_loans.receivable_account_id), so their recoveries stay where they are.
UPDATE hr_settings s SET loans_account_id = a.id, updated_at = now()
FROM accounts a
WHERE a.client_id = s.client_id AND a.code = '1115' AND s.loans_account_id = s.advances_account_id;
-- A chart without 2110 or 6030 (renumbered by hand) falls back to the salary expense account.
UPDATE hr_settings SET other_deductions_account_id = coalesce(other_deductions_account_id, salary_expense_account_id),
  rounding_account_id = coalesce(rounding_account_id, salary_expense_account_id);
ALTER TABLE hr_settings ALTER COLUMN other_deductions_account_id SET NOT NULL, ALTER COLUMN rounding_account_id SET NOT NULL;

-- The rounding of each payslip's net pay (signed: net rounded up is positive), shown and posted explicitly.
ALTER TABLE hr_payslips ADD COLUMN rounding numeric(14,2) NOT NULL DEFAULT 0;
DO $$
DECLARE c text;
BEGIN
  SELECT conname INTO c FROM pg_constraint
  WHERE conrelid = 'hr_payslips'::regclass AND contype = 'c' AND pg_get_constraintdef(oid) LIKE '%loan_recovery%';
  IF c IS NOT NULL THEN EXECUTE format('ALTER TABLE hr_payslips DROP CONSTRAINT %I', c); END IF;
END $$;
ALTER TABLE hr_payslips ADD CONSTRAINT hr_payslips_net_adds_up
  CHECK (net = gross - tax - deductions - loan_recovery - advance_recovery + rounding);
ALTER TABLE hr_payroll_runs ADD COLUMN rounding numeric(18,2) NOT NULL DEFAULT 0;

-- A payroll's approval writes one net pay item per employee in one statement. The items' trigger probed,
-- per new charge, for the party's waiting credit (a correlated EXISTS); the probe is now one join of the new
-- charges with the other side's unsettled items, so a statement of 20,000 items reads each once.
CREATE OR REPLACE FUNCTION open_items_inserted() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER
SET search_path = public, pg_temp AS $$
BEGIN
  -- References by id alone, the organisation compared after (see 0033).
  IF EXISTS (SELECT 1 FROM (SELECT DISTINCT client_id, account_id FROM new_rows) n
             LEFT JOIN clients o ON o.id = n.client_id
             LEFT JOIN accounts a ON a.id = n.account_id
             WHERE o.id IS NULL OR a.client_id IS DISTINCT FROM n.client_id)
     OR EXISTS (SELECT 1 FROM new_rows n LEFT JOIN journal_entries e ON e.id = n.journal_entry_id
                WHERE n.journal_entry_id IS NOT NULL AND e.client_id IS DISTINCT FROM n.client_id) THEN
    RAISE EXCEPTION 'an open item names an organisation, account or entry that does not exist' USING ERRCODE = 'foreign_key_violation';
  END IF;
  INSERT INTO open_items_credit_pending (txid, client_id, party_type, party_id, account_id)
  SELECT DISTINCT txid_current(), c.client_id, c.party_type, c.party_id, c.account_id
  FROM (SELECT DISTINCT n.client_id, n.party_type, n.party_id, n.account_id, CASE WHEN n.side = 'debit' THEN 'credit' ELSE 'debit' END AS other
        FROM new_rows n JOIN accounts a ON a.id = n.account_id
        WHERE n.status = 'Open' AND n.settled < n.amount
          AND n.side = CASE WHEN a.type IN ('asset', 'expense') THEN 'debit' ELSE 'credit' END) c
  JOIN open_items o ON o.client_id = c.client_id AND o.account_id = c.account_id AND o.side = c.other
    AND o.party_type = c.party_type AND o.party_id = c.party_id AND o.status = 'Open' AND o.settled < o.amount;
  IF FOUND THEN
    INSERT INTO open_items_credit_transactions (txid) VALUES (txid_current()) ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END $$;

-- Paying a payroll settles 20,000 net pay items in one statement. The mirror of bills and payments joined the
-- statement's new and old rows before looking at their kind; planned without statistics (transition tables
-- have none) that join was a nested loop: 40,000 x 40,000 rows, 50 s. A statement that settled no bill or
-- payment item now skips it.
CREATE OR REPLACE FUNCTION open_items_settled_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM new_rows WHERE kind = 'bill')
     AND EXISTS (SELECT 1 FROM new_rows n JOIN old_rows o ON o.id = n.id WHERE n.kind = 'bill' AND n.settled <> o.settled) THEN
    UPDATE bills b SET paid_amount = n.settled
    FROM new_rows n JOIN old_rows o ON o.id = n.id
    WHERE n.kind = 'bill' AND n.settled <> o.settled AND b.client_id = n.client_id AND b.id = n.source_id;
  END IF;
  IF EXISTS (SELECT 1 FROM new_rows WHERE kind = 'payment')
     AND EXISTS (SELECT 1 FROM new_rows n JOIN old_rows o ON o.id = n.id WHERE n.kind = 'payment' AND n.settled <> o.settled) THEN
    UPDATE payments p SET allocated = n.settled
    FROM new_rows n JOIN old_rows o ON o.id = n.id
    WHERE n.kind = 'payment' AND n.settled <> o.settled AND p.client_id = n.client_id AND p.id = n.source_id;
  END IF;
  RETURN NULL;
END $$;
