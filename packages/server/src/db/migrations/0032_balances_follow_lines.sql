-- The ledger's summaries follow the lines, and the commit-time check notes ranges of entries.
--
-- 1. One statement trigger on journal_lines does everything an inserted statement of lines needs: the
--    account and lock-date checks, the note for the commit-time balance check, and the customer, daily
--    and monthly balances. The daily balances were written by each posting statement and the monthly
--    ones by two statement triggers on the daily rows (insert and update both fire on an upsert); now
--    whoever inserts lines, by whatever statement, keeps every summary in step, with one trigger call
--    instead of four. Direct writes to the daily rows no longer move the monthly ones: only the owner
--    can make them, and verifyLedger compares both with the lines.
-- 2. The commit-time check noted every entry id a transaction wrote, twice (once for the entry, once
--    for its lines): 200,000 rows written, indexed and deleted for a 100,000-bill run. It now notes runs
--    of consecutive ids (min, max): a bill run or a group of postings is one or two rows. The ranges
--    hold exactly the ids noted before, so the check covers exactly the same entries; it reads them and
--    their lines by id range and compares them as sets.
-- 3. customer_ledger_balances loses its foreign key to clients: its rows are only written from lines
--    the line trigger has already checked, and the key cost one row-level check per customer per run.

DROP TRIGGER journal_lines_inserted ON journal_lines;
DROP TRIGGER journal_lines_customer_balances ON journal_lines;
DROP FUNCTION journal_lines_inserted();
DROP FUNCTION customer_ledger_balances_add();
DROP TRIGGER account_daily_balances_monthly_insert ON account_daily_balances;
DROP TRIGGER account_daily_balances_monthly_update ON account_daily_balances;
DROP TRIGGER account_daily_balances_monthly_delete ON account_daily_balances;
DROP FUNCTION account_monthly_follow_daily();
DROP FUNCTION account_monthly_follow_daily_delete();
ALTER TABLE customer_ledger_balances DROP CONSTRAINT customer_ledger_balances_client_id_fkey;

-- Unlogged, as the table it replaces: a note only matters to a transaction in flight.
CREATE UNLOGGED TABLE ledger_unchecked_ranges (txid bigint NOT NULL, lo bigint NOT NULL, hi bigint NOT NULL, CHECK (lo <= hi));
CREATE INDEX ledger_unchecked_ranges_txid ON ledger_unchecked_ranges (txid);
REVOKE ALL ON ledger_unchecked_ranges FROM ubo_app;
DROP TABLE ledger_unchecked_entries;

CREATE OR REPLACE FUNCTION ledger_check_transaction() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER
SET search_path = public, pg_temp AS $$
DECLARE bad record;
BEGIN
  -- Overlapping or touching ranges merged first, so that every entry is read once; then, range by range
  -- (LATERAL: an index range scan each, whatever the planner guesses about their sizes), the entries and
  -- their lines' sums, both in id order, compared.
  WITH noted AS (
    SELECT lo, hi, max(hi) OVER (ORDER BY lo, hi ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING) AS reach
    FROM ledger_unchecked_ranges WHERE txid = NEW.txid
  ), numbered AS (
    SELECT lo, hi, count(*) FILTER (WHERE reach IS NULL OR lo > reach + 1) OVER (ORDER BY lo, hi) AS grp FROM noted
  ), ranges AS (
    SELECT min(lo) AS lo, max(hi) AS hi FROM numbered GROUP BY grp
  )
  SELECT c.* INTO bad
  FROM ranges r CROSS JOIN LATERAL (
    SELECT coalesce(e.id, s.entry_id) AS id, e.id IS NULL AS missing, e.total, coalesce(s.n, 0) AS n,
           coalesce(s.debit, 0) AS debit, coalesce(s.credit, 0) AS credit,
           s.entry_id IS NULL OR (s.first_date = e.date AND s.last_date = e.date) AS same_date,
           s.entry_id IS NULL OR (s.first_client = e.client_id AND s.last_client = e.client_id) AS same_client
    FROM (SELECT id, client_id, date, total FROM journal_entries WHERE id BETWEEN r.lo AND r.hi) e
    FULL JOIN (
      SELECT entry_id, count(*) AS n, sum(debit) AS debit, sum(credit) AS credit,
             min(date) AS first_date, max(date) AS last_date, min(client_id) AS first_client, max(client_id) AS last_client
      FROM journal_lines WHERE entry_id BETWEEN r.lo AND r.hi GROUP BY entry_id
    ) s ON s.entry_id = e.id
    WHERE e.id IS NULL OR s.entry_id IS NULL OR s.n < 2 OR s.debit <> s.credit OR s.debit <> e.total
       OR s.first_date <> e.date OR s.last_date <> e.date OR s.first_client <> e.client_id OR s.last_client <> e.client_id
  ) c
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
  DELETE FROM ledger_unchecked_ranges WHERE txid = NEW.txid;
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
     -- The reversed entry looked up by id alone (a run's cancellation writes 100,000 reversals; see 0033).
     OR EXISTS (SELECT 1 FROM new_rows n
                LEFT JOIN journal_entries r ON r.id = n.reverses_id
                LEFT JOIN journal_entries rb ON rb.id = n.reversed_by_id
                WHERE (n.reverses_id IS NOT NULL AND r.client_id IS DISTINCT FROM n.client_id)
                   OR (n.reversed_by_id IS NOT NULL AND rb.client_id IS DISTINCT FROM n.client_id)) THEN
    RAISE EXCEPTION 'a journal entry names an organisation, branch, user or entry that does not exist' USING ERRCODE = 'foreign_key_violation';
  END IF;
  -- Runs of consecutive ids: id - row_number() is constant along a run.
  INSERT INTO ledger_unchecked_ranges (txid, lo, hi)
  SELECT txid_current(), min(id), max(id) FROM (SELECT id, id - row_number() OVER (ORDER BY id) AS run FROM new_rows) r GROUP BY run;
  INSERT INTO ledger_unchecked_transactions (txid) VALUES (txid_current()) ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;

CREATE FUNCTION journal_lines_after_insert() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER
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
  -- Runs of consecutive entry ids (dense_rank: an entry has several lines).
  INSERT INTO ledger_unchecked_ranges (txid, lo, hi)
  SELECT txid_current(), min(entry_id), max(entry_id)
  FROM (SELECT entry_id, entry_id - dense_rank() OVER (ORDER BY entry_id) AS run FROM new_rows) r GROUP BY run;
  INSERT INTO ledger_unchecked_transactions (txid) VALUES (txid_current()) ON CONFLICT DO NOTHING;

  -- Summaries, each upserted in key order (the order every posting locks them in, so two postings
  -- never wait for each other crosswise). Customer balances per source type of the entry (0026).
  INSERT INTO customer_ledger_balances AS b (client_id, account_id, customer_id, source_type, debit, credit, line_count)
  SELECT n.client_id, n.account_id, n.party_id, e.source_type, sum(n.debit), sum(n.credit), count(*)
  FROM new_rows n JOIN journal_entries e ON e.id = n.entry_id
  WHERE n.party_type = 'customer'
  GROUP BY n.client_id, n.account_id, n.party_id, e.source_type
  ORDER BY n.client_id, n.account_id, n.party_id, e.source_type
  ON CONFLICT (client_id, account_id, customer_id, source_type) DO UPDATE
    SET debit = b.debit + excluded.debit, credit = b.credit + excluded.credit, line_count = b.line_count + excluded.line_count;
  INSERT INTO account_daily_balances AS d (client_id, account_id, date, debit, credit, line_count)
  SELECT client_id, account_id, date, sum(debit), sum(credit), count(*)
  FROM new_rows GROUP BY client_id, account_id, date ORDER BY client_id, account_id, date
  ON CONFLICT (client_id, account_id, date) DO UPDATE
    SET debit = d.debit + excluded.debit, credit = d.credit + excluded.credit, line_count = d.line_count + excluded.line_count;
  INSERT INTO account_monthly_balances AS m (client_id, account_id, month, debit, credit, line_count)
  SELECT client_id, account_id, date_trunc('month', date)::date, sum(debit), sum(credit), count(*)
  FROM new_rows GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
  ON CONFLICT (client_id, account_id, month) DO UPDATE
    SET debit = m.debit + excluded.debit, credit = m.credit + excluded.credit, line_count = m.line_count + excluded.line_count;
  RETURN NULL;
END $$;
CREATE TRIGGER journal_lines_after_insert AFTER INSERT ON journal_lines
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION journal_lines_after_insert();
