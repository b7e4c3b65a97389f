-- Cheaper statement-level checks (0027) on the hot write paths.
--
-- The reference checks probed the referenced table once per written row. A bill run's 200,000 journal
-- lines name three accounts, its 320,000 bill lines 100,000 bills, its 100,000 bills one run, a few
-- tariffs and fifty zones: each check now probes once per distinct value. The check that every line
-- names an existing entry of its own organisation moves to the commit-time balance check, which reads
-- each touched entry anyway; a dangling line is refused at commit instead of at the end of its
-- statement, as a deferred foreign key would. What the database guarantees is unchanged.

CREATE OR REPLACE FUNCTION ledger_check_transaction() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER
SET search_path = public, pg_temp AS $$
DECLARE bad record;
BEGIN
  SELECT u.entry_id AS id, e.id IS NULL AS missing, e.total, s.n, s.debit, s.credit, s.same_date, s.same_client INTO bad
  FROM (SELECT DISTINCT entry_id FROM ledger_unchecked_entries WHERE txid = NEW.txid) u
  LEFT JOIN journal_entries e ON e.id = u.entry_id
  CROSS JOIN LATERAL (
    SELECT count(*) AS n, coalesce(sum(l.debit), 0) AS debit, coalesce(sum(l.credit), 0) AS credit,
           coalesce(bool_and(l.date = e.date), true) AS same_date, coalesce(bool_and(l.client_id = e.client_id), true) AS same_client
    FROM journal_lines l WHERE l.entry_id = u.entry_id
  ) s
  WHERE e.id IS NULL OR s.n < 2 OR s.debit <> s.credit OR s.debit <> e.total OR NOT s.same_date OR NOT s.same_client
  LIMIT 1;
  IF FOUND THEN
    IF bad.missing OR NOT bad.same_client THEN
      RAISE EXCEPTION 'a journal line names entry %, which does not exist in its organisation', bad.id USING ERRCODE = 'foreign_key_violation';
    ELSIF bad.n < 2 THEN
      RAISE EXCEPTION 'journal entry % has % line(s); at least 2 are required', bad.id, bad.n USING ERRCODE = 'check_violation';
    ELSIF NOT bad.same_date THEN
      RAISE EXCEPTION 'journal entry % has lines dated differently from the entry', bad.id USING ERRCODE = 'check_violation';
    ELSE
      RAISE EXCEPTION 'journal entry % does not balance: debit %, credit %, total %', bad.id, bad.debit, bad.credit, bad.total
        USING ERRCODE = 'check_violation';
    END IF;
  END IF;
  DELETE FROM ledger_unchecked_entries WHERE txid = NEW.txid;
  DELETE FROM ledger_unchecked_transactions WHERE txid = NEW.txid;
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION journal_entries_inserted() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER
SET search_path = public, pg_temp AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM (SELECT DISTINCT client_id, branch_id, user_id FROM new_rows) n
             WHERE NOT EXISTS (SELECT 1 FROM clients c WHERE c.id = n.client_id)
                OR (n.branch_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM branches b WHERE b.id = n.branch_id))
                OR (n.user_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM users u WHERE u.id = n.user_id)))
     OR EXISTS (SELECT 1 FROM new_rows n WHERE n.reverses_id IS NOT NULL
                AND NOT EXISTS (SELECT 1 FROM journal_entries r WHERE r.client_id = n.client_id AND r.id = n.reverses_id))
     OR EXISTS (SELECT 1 FROM new_rows n WHERE n.reversed_by_id IS NOT NULL
                AND NOT EXISTS (SELECT 1 FROM journal_entries r WHERE r.client_id = n.client_id AND r.id = n.reversed_by_id)) THEN
    RAISE EXCEPTION 'a journal entry names an organisation, branch, user or entry that does not exist' USING ERRCODE = 'foreign_key_violation';
  END IF;
  INSERT INTO ledger_unchecked_entries (txid, entry_id) SELECT txid_current(), id FROM new_rows;
  INSERT INTO ledger_unchecked_transactions (txid) VALUES (txid_current()) ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION journal_lines_inserted() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER
SET search_path = public, pg_temp AS $$
DECLARE locked record;
BEGIN
  IF EXISTS (SELECT 1 FROM (SELECT DISTINCT client_id, account_id FROM new_rows) n
             WHERE NOT EXISTS (SELECT 1 FROM accounts a WHERE a.client_id = n.client_id AND a.id = n.account_id)) THEN
    RAISE EXCEPTION 'a journal line names an account that does not exist' USING ERRCODE = 'foreign_key_violation';
  END IF;
  SELECT s.lock_date, n.date INTO locked
  FROM (SELECT client_id, min(date) AS date FROM new_rows GROUP BY client_id) n
  JOIN ledger_settings s ON s.client_id = n.client_id
  WHERE s.lock_date IS NOT NULL AND n.date <= s.lock_date LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'the period up to % is closed; line dated % refused', locked.lock_date, locked.date USING ERRCODE = 'check_violation';
  END IF;
  -- The entries are checked at commit: that they exist in the line's organisation, balance and agree.
  INSERT INTO ledger_unchecked_entries (txid, entry_id) SELECT DISTINCT txid_current(), entry_id FROM new_rows;
  INSERT INTO ledger_unchecked_transactions (txid) VALUES (txid_current()) ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION bills_inserted() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER
SET search_path = public, pg_temp AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM (SELECT DISTINCT client_id, run_id, zone_id, tariff_id FROM new_rows) n
             WHERE NOT EXISTS (SELECT 1 FROM bill_runs r WHERE r.client_id = n.client_id AND r.id = n.run_id)
                OR (n.zone_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM zones z WHERE z.client_id = n.client_id AND z.id = n.zone_id))
                OR (n.tariff_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM tariffs t WHERE t.client_id = n.client_id AND t.id = n.tariff_id)))
     OR EXISTS (SELECT 1 FROM new_rows n WHERE NOT EXISTS (SELECT 1 FROM houses h WHERE h.client_id = n.client_id AND h.id = n.house_id))
     OR EXISTS (SELECT 1 FROM new_rows n WHERE NOT EXISTS (SELECT 1 FROM customers c WHERE c.client_id = n.client_id AND c.id = n.customer_id))
     OR EXISTS (SELECT 1 FROM new_rows n WHERE n.meter_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM meters m WHERE m.client_id = n.client_id AND m.id = n.meter_id))
     OR EXISTS (SELECT 1 FROM new_rows n WHERE n.journal_entry_id IS NOT NULL
                AND NOT EXISTS (SELECT 1 FROM journal_entries e WHERE e.client_id = n.client_id AND e.id = n.journal_entry_id)) THEN
    RAISE EXCEPTION 'a bill names a run, house, customer, zone, meter, tariff or entry that does not exist' USING ERRCODE = 'foreign_key_violation';
  END IF;
  INSERT INTO bills_credit_pending (txid, client_id, customer_id)
  SELECT DISTINCT txid_current(), n.client_id, n.customer_id FROM new_rows n
  WHERE n.status = 'Open' AND n.amount > n.paid_amount
    AND EXISTS (SELECT 1 FROM payments p WHERE p.client_id = n.client_id AND p.customer_id = n.customer_id
                AND p.status = 'Posted' AND p.allocated < p.amount);
  IF FOUND THEN
    INSERT INTO bills_credit_transactions (txid) VALUES (txid_current()) ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION bill_lines_inserted() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER
SET search_path = public, pg_temp AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM (SELECT DISTINCT client_id, bill_id FROM new_rows) n
             WHERE NOT EXISTS (SELECT 1 FROM bills b WHERE b.client_id = n.client_id AND b.id = n.bill_id)) THEN
    RAISE EXCEPTION 'a bill line names a bill that does not exist' USING ERRCODE = 'foreign_key_violation';
  END IF;
  RETURN NULL;
END $$;
