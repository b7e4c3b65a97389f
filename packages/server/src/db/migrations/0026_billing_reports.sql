-- Billing reports: what each customer owes, kept beside the ledger so that the ageing of 100,000
-- customers reads a few rows per customer instead of every journal line, and covering indexes for the
-- open bills, the customers' zones, a month's bills and the payments by date.
--
-- customer_ledger_balances holds, per organisation, account, customer and source type of the entry
-- (bill, payment, customer-opening, customer-transfer, journal, ...), the sums of the journal lines that
-- name the customer as party. A statement trigger on journal_lines adds every inserted statement's lines
-- in the same transaction (lines are append-only, so adding is all there is to do). Why one row per
-- source type and not one per customer: a row is locked from the posting until its transaction ends, and
-- a bill run (source bill) and a batch of payments (source payment) naming the same customers in other
-- orders would otherwise wait for each other or deadlock; each source type's postings are already
-- serialised by their own gapless document counter.

CREATE TABLE customer_ledger_balances (
  client_id integer NOT NULL REFERENCES clients(id),
  account_id integer NOT NULL,
  customer_id integer NOT NULL,
  source_type text NOT NULL,
  debit numeric(18,2) NOT NULL DEFAULT 0 CHECK (debit >= 0),
  credit numeric(18,2) NOT NULL DEFAULT 0 CHECK (credit >= 0),
  line_count integer NOT NULL DEFAULT 0 CHECK (line_count >= 0),
  PRIMARY KEY (client_id, account_id, customer_id, source_type)
);

CREATE FUNCTION customer_ledger_balances_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Rows in key order, as every posting takes them: two postings never lock them crosswise.
  INSERT INTO customer_ledger_balances AS b (client_id, account_id, customer_id, source_type, debit, credit, line_count)
  SELECT n.client_id, n.account_id, n.party_id, e.source_type, sum(n.debit), sum(n.credit), count(*)
  FROM inserted n JOIN journal_entries e ON e.id = n.entry_id
  WHERE n.party_type = 'customer'
  GROUP BY n.client_id, n.account_id, n.party_id, e.source_type
  ORDER BY n.client_id, n.account_id, n.party_id, e.source_type
  ON CONFLICT (client_id, account_id, customer_id, source_type) DO UPDATE
    SET debit = b.debit + excluded.debit, credit = b.credit + excluded.credit, line_count = b.line_count + excluded.line_count;
  RETURN NULL;
END $$;
CREATE TRIGGER journal_lines_customer_balances AFTER INSERT ON journal_lines
  REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION customer_ledger_balances_add();

-- Lines posted before this migration.
INSERT INTO customer_ledger_balances (client_id, account_id, customer_id, source_type, debit, credit, line_count)
SELECT l.client_id, l.account_id, l.party_id, e.source_type, sum(l.debit), sum(l.credit), count(*)
FROM journal_lines l JOIN journal_entries e ON e.id = l.entry_id
WHERE l.party_type = 'customer'
GROUP BY l.client_id, l.account_id, l.party_id, e.source_type;

ALTER TABLE customer_ledger_balances ENABLE ROW LEVEL SECURITY;
ALTER TABLE customer_ledger_balances FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant ON customer_ledger_balances USING (client_id = app_client_id()) WITH CHECK (client_id = app_client_id());
DO $$ BEGIN EXECUTE format('CREATE POLICY system ON customer_ledger_balances TO %I USING (true) WITH CHECK (true)', current_user); END $$;
-- Only the trigger writes it; sums are never taken back.
REVOKE DELETE, TRUNCATE ON customer_ledger_balances FROM ubo_app;

-- Bills not paid in full: the ageing, the unpaid report and the zone summary read only these.
CREATE INDEX bills_unpaid ON bills(client_id, customer_id)
  INCLUDE (id, zone_id, bill_date, due_date, amount, paid_amount)
  WHERE status = 'Open' AND paid_amount < amount;

-- A month's live bills with the figures the zone summary, revenue by class and the dashboard add up.
CREATE INDEX bills_period_figures ON bills(client_id, period, zone_id)
  INCLUDE (customer_id, tariff_id, bill_date, consumption, subtotal, tax, amount)
  WHERE status = 'Open';

-- A customer's zone is the zone of their first house.
CREATE INDEX houses_customer_first ON houses(client_id, customer_id, id) INCLUDE (zone_id);

-- Posted payments by date with what the reports add up (received payments, collections, the dashboard).
CREATE INDEX payments_posted_date ON payments(client_id, date)
  INCLUDE (customer_id, amount, allocated, account_id, method)
  WHERE status = 'Posted';

-- The receivable lines naming a customer by date, with their amounts: a report on an earlier date takes
-- the lines after it off the running sums (or adds the lines up to it) reading this index alone.
CREATE INDEX journal_lines_customer_date ON journal_lines(client_id, account_id, date)
  INCLUDE (party_id, debit, credit)
  WHERE party_type = 'customer';
