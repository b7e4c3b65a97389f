-- Party open items: one subledger for every document that makes a party (customer, vendor, employee)
-- owe or be owed, the way a contract-accounting subledger keeps a utility's customer accounts.
--
-- An open item is one party's share of one document on one control account (receivable 1100, employee
-- advances 1110, payable 2010, ...): the side it posts on that account, its amount, date, due date and
-- how much of it is settled. Items on the account's normal side are charges (a bill, an invoice, an
-- advance on the receivable or advances account; a vendor bill on the payable); items on the other side
-- settle them (a receipt, a credit note, a repayment; a payment to a vendor). An allocation pairs one
-- debit item with one credit item of the same party and account for an amount; `settled` on both is the
-- sum of their allocations. What a settling item has not allocated is the party's credit: it pays the
-- party's next charges (oldest first) as far as the ledger balance allows, as payments_apply_credit did
-- for bills since 0024.
--
-- Bills and payments become items (kinds 'bill' and 'payment'); they keep their own figures
-- (bills.paid_amount, payments.allocated) as mirrors of their item's `settled`, which a statement
-- trigger keeps in step, so bill lists, prints and receipts read what they read before. A bill's item
-- is written by the bills' own insert trigger, in the bill run's statement (set-based: one INSERT of
-- the run's items per chunk), and follows the bill's cancellation. Balances not on any item (opening
-- balances, balance transfers, general journal lines naming a party) stay on the account as before: a
-- debt not on an item absorbs credit first. payment_allocations (payment -> bill) is replaced by
-- open_item_allocations (debit item -> credit item); its rows are moved here and checked.

CREATE TABLE open_items (
  id bigserial PRIMARY KEY,
  client_id integer NOT NULL,
  party_type text NOT NULL CHECK (party_type IN ('customer', 'vendor', 'employee')),
  party_id integer NOT NULL,
  -- The control account the document posts the party's share to.
  account_id integer NOT NULL,
  side text NOT NULL CHECK (side IN ('debit', 'credit')),
  -- What the document is: bill, payment, invoice, credit-note, debit-note, vendor-bill, vendor-payment,
  -- advance, loan, repayment, ... (each module names its own; lowercase words and dashes).
  kind text NOT NULL CHECK (kind ~ '^[a-z][a-z0-9-]{0,39}$'),
  -- The document, as its journal entry names it (source type and id), and its number as printed.
  source_type text NOT NULL,
  source_id bigint NOT NULL,
  number text NOT NULL,
  date date NOT NULL,
  due_date date NOT NULL,
  amount numeric(18,2) NOT NULL CHECK (amount > 0),
  settled numeric(18,2) NOT NULL DEFAULT 0 CHECK (settled >= 0 AND settled <= amount),
  status text NOT NULL DEFAULT 'Open' CHECK (status IN ('Open', 'Cancelled')),
  journal_entry_id bigint,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK (status = 'Open' OR settled = 0)
);
-- No row-level foreign keys: a bill run writes 100,000 items in one statement, and each key would cost
-- a check per row (see 0027). The statement trigger below checks the organisation, account and entry once
-- per statement; items are never deleted.
-- A document has one item per party and account (a balance transfer may name two parties).
CREATE UNIQUE INDEX open_items_document ON open_items(client_id, source_type, source_id, party_type, party_id, account_id);
-- The unsettled items: one party's on one account and side oldest first (what an allocation and the
-- credit rule walk), and every party's of an account and side with what the ageing and the unpaid list
-- add up, read from the index alone (100,000 customers: one index range). One index serves both, so a
-- bill run writes three index entries per item (this, the document's and the key).
CREATE INDEX open_items_unsettled ON open_items(client_id, account_id, side, party_type, party_id, date, id)
  INCLUDE (kind, due_date, amount, settled)
  WHERE status = 'Open' AND settled < amount;

CREATE TABLE open_item_allocations (
  client_id integer NOT NULL REFERENCES clients(id),
  -- The party and account of both items (copied from them), so one party's allocations are one index range.
  party_type text NOT NULL,
  party_id integer NOT NULL,
  account_id integer NOT NULL,
  debit_item_id bigint NOT NULL,
  credit_item_id bigint NOT NULL,
  amount numeric(18,2) NOT NULL CHECK (amount > 0),
  -- The day the allocation counts from: the later of the two items' dates. A report on an earlier day
  -- adds it back to the charge (a receipt dated after the day had not paid the bill yet on that day).
  date date NOT NULL,
  PRIMARY KEY (debit_item_id, credit_item_id),
  -- Allocations are few per statement: ordinary keys (the items' organisation is compared by their trigger).
  FOREIGN KEY (debit_item_id) REFERENCES open_items(id),
  FOREIGN KEY (credit_item_id) REFERENCES open_items(id)
);
CREATE INDEX open_item_allocations_credit ON open_item_allocations(client_id, credit_item_id) INCLUDE (debit_item_id, amount);
CREATE INDEX open_item_allocations_debit ON open_item_allocations(client_id, debit_item_id) INCLUDE (credit_item_id, amount);
CREATE INDEX open_item_allocations_date ON open_item_allocations(client_id, date) INCLUDE (debit_item_id, credit_item_id, amount);
-- One party's allocations that count from after a day: the ageing walking customers one by one.
CREATE INDEX open_item_allocations_party ON open_item_allocations(client_id, party_type, party_id, account_id, date)
  INCLUDE (debit_item_id, credit_item_id, amount);

DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['open_items', 'open_item_allocations'] LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t);
    EXECUTE format('CREATE POLICY tenant ON %I USING (client_id = app_client_id()) WITH CHECK (client_id = app_client_id())', t);
    EXECUTE format('CREATE POLICY system ON %I TO %I USING (true) WITH CHECK (true)', t, current_user);
  END LOOP;
END $$;
-- Items are cancelled with their document, never deleted; allocations are deleted when a settling
-- document is cancelled (its item's and the charges' settled amounts go down in the same transaction).
REVOKE DELETE, TRUNCATE ON open_items FROM ubo_app;
REVOKE TRUNCATE ON open_item_allocations FROM ubo_app;

-- 1. Existing documents become items, oldest first (the order allocations walk: date, then id).
INSERT INTO open_items (client_id, party_type, party_id, account_id, side, kind, source_type, source_id, number, date, due_date,
                        amount, settled, status, journal_entry_id, created_at)
SELECT b.client_id, 'customer', b.customer_id, a.id, 'debit', 'bill', 'bill', b.id,
       'B-' || lpad(b.bill_no::text, greatest(6, length(b.bill_no::text)), '0'), b.bill_date, b.due_date,
       b.amount, b.paid_amount, b.status, b.journal_entry_id, b.created_at
FROM bills b JOIN accounts a ON a.client_id = b.client_id AND a.code = '1100'
WHERE b.amount > 0
ORDER BY b.client_id, b.bill_date, b.bill_no;

INSERT INTO open_items (client_id, party_type, party_id, account_id, side, kind, source_type, source_id, number, date, due_date,
                        amount, settled, status, journal_entry_id, created_at)
SELECT p.client_id, 'customer', p.customer_id, a.id, 'credit', 'payment', 'payment', p.id,
       'RC-' || lpad(p.receipt_no::text, greatest(6, length(p.receipt_no::text)), '0'), p.date, p.date,
       p.amount, CASE WHEN p.status = 'Posted' THEN p.allocated ELSE 0 END,
       CASE WHEN p.status = 'Posted' THEN 'Open' ELSE 'Cancelled' END, p.journal_entry_id, p.created_at
FROM payments p JOIN accounts a ON a.client_id = p.client_id AND a.code = '1100'
ORDER BY p.client_id, p.date, p.receipt_no;

INSERT INTO open_item_allocations (client_id, party_type, party_id, account_id, debit_item_id, credit_item_id, amount, date)
SELECT pa.client_id, d.party_type, d.party_id, d.account_id, d.id, c.id, pa.amount, greatest(d.date, c.date)
FROM payment_allocations pa
JOIN open_items d ON d.client_id = pa.client_id AND d.source_type = 'bill' AND d.source_id = pa.bill_id
JOIN open_items c ON c.client_id = pa.client_id AND c.source_type = 'payment' AND c.source_id = pa.payment_id;

-- Nothing is lost on the way: every allocation moved, and every item's settled amount is the sum of its
-- allocations (a database whose bills or payments disagree with their allocations stops here).
DO $$
DECLARE bad record;
BEGIN
  IF (SELECT count(*) FROM payment_allocations) <> (SELECT count(*) FROM open_item_allocations) THEN
    RAISE EXCEPTION 'open items: % payment allocations but % moved', (SELECT count(*) FROM payment_allocations),
      (SELECT count(*) FROM open_item_allocations);
  END IF;
  SELECT o.id, o.kind, o.source_id, o.settled, coalesce(s.total, 0) AS total INTO bad
  FROM open_items o
  LEFT JOIN (
    SELECT item_id, sum(amount) AS total FROM (
      SELECT debit_item_id AS item_id, amount FROM open_item_allocations
      UNION ALL SELECT credit_item_id, amount FROM open_item_allocations) x GROUP BY item_id
  ) s ON s.item_id = o.id
  WHERE o.settled <> coalesce(s.total, 0)
  LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'open items: % % settles % but its allocations sum to %', bad.kind, bad.source_id, bad.settled, bad.total;
  END IF;
END $$;

-- The bills' delete guard named payment_allocations; bills are now referenced through their items.
DROP TRIGGER bills_delete_guard ON bills;
CREATE TRIGGER bills_delete_guard BEFORE DELETE ON bills FOR EACH ROW
  EXECUTE FUNCTION refuse_delete_while_referenced('bill_lines', 'bill_id', 'meter_readings', 'billed_bill_id');
DROP TABLE payment_allocations;

-- 2. The documents' own figures follow their items (whoever allocates): bills.paid_amount and
-- payments.allocated. One statement per allocating statement; only items whose settled changed.
-- Statement triggers fire for statements that changed nothing too: each update is guarded, so the mirror
-- and the bills' trigger below never call each other without a row to change.
CREATE FUNCTION open_items_settled_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM new_rows n JOIN old_rows o ON o.id = n.id WHERE n.kind = 'bill' AND n.settled <> o.settled) THEN
    UPDATE bills b SET paid_amount = n.settled
    FROM new_rows n JOIN old_rows o ON o.id = n.id
    WHERE n.kind = 'bill' AND n.settled <> o.settled AND b.client_id = n.client_id AND b.id = n.source_id;
  END IF;
  IF EXISTS (SELECT 1 FROM new_rows n JOIN old_rows o ON o.id = n.id WHERE n.kind = 'payment' AND n.settled <> o.settled) THEN
    UPDATE payments p SET allocated = n.settled
    FROM new_rows n JOIN old_rows o ON o.id = n.id
    WHERE n.kind = 'payment' AND n.settled <> o.settled AND p.client_id = n.client_id AND p.id = n.source_id;
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER open_items_settled_changed AFTER UPDATE ON open_items
  REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION open_items_settled_changed();

-- 3. The credit rule, for any party and control account. Charges are the items on the account's normal
-- side (debit for asset and expense accounts, credit otherwise). The credit the party may still apply is
-- what their open charges exceed their ledger balance by (a debt not on an item, such as an opening
-- balance, absorbs credit first); it is taken from settling items with an unallocated rest (oldest
-- first) and allocated to open charges (oldest first). Runs as the caller (row-level security applies).
-- Answers the amount allocated.
CREATE FUNCTION open_items_apply_credit(p_client integer, p_party_type text, p_party integer, p_account integer) RETURNS numeric
LANGUAGE plpgsql AS $$
DECLARE
  v_charge text;
  v_settle text;
  v_sign integer;
  v_balance numeric;
  v_open numeric;
  v_room numeric;
  v_left numeric;
  v_take numeric;
  v_applied numeric := 0;
  s record;
  c record;
BEGIN
  SELECT CASE WHEN type IN ('asset', 'expense') THEN 'debit' ELSE 'credit' END INTO v_charge
  FROM accounts WHERE client_id = p_client AND id = p_account;
  IF v_charge IS NULL THEN
    RETURN 0;
  END IF;
  v_settle := CASE WHEN v_charge = 'debit' THEN 'credit' ELSE 'debit' END;
  v_sign := CASE WHEN v_charge = 'debit' THEN 1 ELSE -1 END;
  IF NOT EXISTS (SELECT 1 FROM open_items WHERE client_id = p_client AND party_type = p_party_type AND party_id = p_party
                 AND account_id = p_account AND side = v_settle AND status = 'Open' AND settled < amount) THEN
    RETURN 0;
  END IF;
  SELECT coalesce(sum(l.debit - l.credit), 0) * v_sign INTO v_balance
  FROM journal_lines l
  WHERE l.client_id = p_client AND l.party_type = p_party_type AND l.party_id = p_party AND l.account_id = p_account;
  SELECT coalesce(sum(amount - settled), 0) INTO v_open
  FROM open_items WHERE client_id = p_client AND party_type = p_party_type AND party_id = p_party
    AND account_id = p_account AND side = v_charge AND status = 'Open' AND settled < amount;
  v_room := least(v_open - v_balance, v_open);
  IF v_room <= 0 THEN
    RETURN 0;
  END IF;
  FOR s IN SELECT id, date, amount - settled AS free FROM open_items
           WHERE client_id = p_client AND party_type = p_party_type AND party_id = p_party AND account_id = p_account
             AND side = v_settle AND status = 'Open' AND settled < amount
           ORDER BY date, id FOR UPDATE LOOP
    v_left := least(s.free, v_room);
    FOR c IN SELECT id, date, amount - settled AS open FROM open_items
             WHERE client_id = p_client AND party_type = p_party_type AND party_id = p_party AND account_id = p_account
               AND side = v_charge AND status = 'Open' AND settled < amount
             ORDER BY date, id FOR UPDATE LOOP
      EXIT WHEN v_left <= 0;
      v_take := least(v_left, c.open);
      INSERT INTO open_item_allocations (client_id, party_type, party_id, account_id, debit_item_id, credit_item_id, amount, date)
      VALUES (p_client, p_party_type, p_party, p_account, CASE WHEN v_charge = 'debit' THEN c.id ELSE s.id END, CASE WHEN v_charge = 'debit' THEN s.id ELSE c.id END, v_take,
              greatest(s.date, c.date))
      ON CONFLICT (debit_item_id, credit_item_id) DO UPDATE SET amount = open_item_allocations.amount + excluded.amount;
      UPDATE open_items SET settled = settled + v_take WHERE client_id = p_client AND id IN (c.id, s.id);
      v_left := v_left - v_take;
      v_room := v_room - v_take;
      v_applied := v_applied + v_take;
    END LOOP;
    EXIT WHEN v_room <= 0;
  END LOOP;
  RETURN v_applied;
END $$;
DROP FUNCTION payments_apply_credit(integer, integer);

-- 4. A new charge takes its party's waiting credit at commit, whatever wrote it (a bill run writes its
-- bills before it posts their entries, so the credit cannot be applied when the row is written): the
-- parties with unallocated settling items are noted per statement and their credit applied once per
-- transaction by a deferred trigger (as bills_credit_pending did for bills since 0027).
CREATE UNLOGGED TABLE open_items_credit_pending (
  txid bigint NOT NULL, client_id integer NOT NULL, party_type text NOT NULL, party_id integer NOT NULL, account_id integer NOT NULL);
CREATE INDEX open_items_credit_pending_txid ON open_items_credit_pending (txid);
CREATE UNLOGGED TABLE open_items_credit_transactions (txid bigint PRIMARY KEY);
REVOKE ALL ON open_items_credit_pending, open_items_credit_transactions FROM ubo_app;
ALTER TABLE open_items_credit_pending ENABLE ROW LEVEL SECURITY;
ALTER TABLE open_items_credit_pending FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant ON open_items_credit_pending USING (client_id = app_client_id()) WITH CHECK (client_id = app_client_id());
DO $$ BEGIN EXECUTE format('CREATE POLICY system ON open_items_credit_pending TO %I USING (true) WITH CHECK (true)', current_user); END $$;

CREATE FUNCTION open_items_inserted() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER
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
  SELECT DISTINCT txid_current(), n.client_id, n.party_type, n.party_id, n.account_id
  FROM new_rows n JOIN accounts a ON a.id = n.account_id
  WHERE n.status = 'Open' AND n.settled < n.amount
    AND n.side = CASE WHEN a.type IN ('asset', 'expense') THEN 'debit' ELSE 'credit' END
    -- The other side named as a value, so that each probe is one range of open_items_unsettled.
    AND EXISTS (SELECT 1 FROM open_items o
                WHERE o.client_id = n.client_id AND o.account_id = n.account_id
                  AND o.side = CASE WHEN n.side = 'debit' THEN 'credit' ELSE 'debit' END
                  AND o.party_type = n.party_type AND o.party_id = n.party_id AND o.status = 'Open' AND o.settled < o.amount);
  IF FOUND THEN
    INSERT INTO open_items_credit_transactions (txid) VALUES (txid_current()) ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER open_items_inserted AFTER INSERT ON open_items
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION open_items_inserted();

CREATE FUNCTION open_items_apply_pending_credit() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER
SET search_path = public, pg_temp AS $$
DECLARE c record;
BEGIN
  FOR c IN SELECT DISTINCT client_id, party_type, party_id, account_id FROM open_items_credit_pending WHERE txid = NEW.txid
           ORDER BY client_id, party_type, party_id, account_id LOOP
    PERFORM open_items_apply_credit(c.client_id, c.party_type, c.party_id, c.account_id);
  END LOOP;
  DELETE FROM open_items_credit_pending WHERE txid = NEW.txid;
  DELETE FROM open_items_credit_transactions WHERE txid = NEW.txid;
  RETURN NULL;
END $$;
CREATE CONSTRAINT TRIGGER open_items_credit_transactions_apply AFTER INSERT ON open_items_credit_transactions
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION open_items_apply_pending_credit();

-- 5. Bills: the statement that inserts them also writes their items (on the receivable, due on the
-- bill's due date; a zero bill owes nothing and has none), in bill number order; the references are
-- checked as in 0033. The credit noting moved to the items' trigger.
CREATE OR REPLACE FUNCTION bills_inserted() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER
SET search_path = public, pg_temp AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM (SELECT DISTINCT client_id, run_id, zone_id, tariff_id FROM new_rows) n
             WHERE NOT EXISTS (SELECT 1 FROM bill_runs r WHERE r.client_id = n.client_id AND r.id = n.run_id)
                OR (n.zone_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM zones z WHERE z.client_id = n.client_id AND z.id = n.zone_id))
                OR (n.tariff_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM tariffs t WHERE t.client_id = n.client_id AND t.id = n.tariff_id)))
     OR EXISTS (SELECT 1 FROM new_rows n
                LEFT JOIN houses h ON h.id = n.house_id
                LEFT JOIN customers c ON c.id = n.customer_id
                LEFT JOIN meters m ON m.id = n.meter_id
                LEFT JOIN journal_entries e ON e.id = n.journal_entry_id
                WHERE h.client_id IS DISTINCT FROM n.client_id
                   OR c.client_id IS DISTINCT FROM n.client_id
                   OR (n.meter_id IS NOT NULL AND m.client_id IS DISTINCT FROM n.client_id)
                   OR (n.journal_entry_id IS NOT NULL AND e.client_id IS DISTINCT FROM n.client_id)) THEN
    RAISE EXCEPTION 'a bill names a run, house, customer, zone, meter, tariff or entry that does not exist' USING ERRCODE = 'foreign_key_violation';
  END IF;
  INSERT INTO open_items (client_id, party_type, party_id, account_id, side, kind, source_type, source_id, number, date, due_date,
                          amount, settled, status, journal_entry_id)
  SELECT n.client_id, 'customer', n.customer_id, a.id, 'debit', 'bill', 'bill', n.id,
         'B-' || lpad(n.bill_no::text, greatest(6, length(n.bill_no::text)), '0'), n.bill_date, n.due_date,
         n.amount, n.paid_amount, n.status, n.journal_entry_id
  FROM new_rows n JOIN accounts a ON a.client_id = n.client_id AND a.code = '1100'
  WHERE n.amount > 0
  ORDER BY n.client_id, n.bill_no;
  RETURN NULL;
END $$;

-- A cancelled bill's item is cancelled with it (a bill with payments cannot be cancelled: its item has
-- no allocation).
-- (A trigger with transition tables cannot name columns: it fires for paid_amount updates too, and
-- does nothing then.)
CREATE FUNCTION bills_status_changed() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER
SET search_path = public, pg_temp AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM new_rows WHERE status = 'Cancelled') THEN
    UPDATE open_items o SET status = 'Cancelled'
    FROM new_rows n
    WHERE n.status = 'Cancelled' AND o.client_id = n.client_id AND o.source_type = 'bill' AND o.source_id = n.id
      AND o.party_type = 'customer' AND o.party_id = n.customer_id AND o.status = 'Open';
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER bills_status_changed AFTER UPDATE ON bills
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bills_status_changed();

DROP TABLE bills_credit_pending;
DROP TABLE bills_credit_transactions;
DROP FUNCTION bills_apply_pending_credit();
DROP INDEX payments_unallocated;
