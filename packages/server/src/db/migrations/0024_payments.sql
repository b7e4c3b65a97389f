-- Customer payments: a receipt (gapless number, series 'RC') posts cash/bank/mobile money against the
-- customer's receivable in one journal entry, and is allocated to open bills (oldest first, or by hand).
-- What is not allocated stays as customer credit (the receivable goes below zero for that customer).
-- A batch receive groups payments saved together (from a grid or a mobile-money CSV); a payment's
-- reference is unique per organisation and account while posted, so a statement row cannot be taken twice.
-- Cancelling reverses the entry and the allocations (bills.paid_amount goes back down).
-- A customer balance transfer (series 'CT') moves an amount of receivable from one customer to another.

CREATE TABLE payment_batches (
  id bigserial PRIMARY KEY,
  client_id integer NOT NULL REFERENCES clients(id),
  source text NOT NULL CHECK (source IN ('grid', 'csv')),
  file_name text,
  -- The account every payment of the batch was received into, and how.
  account_id integer NOT NULL,
  method text NOT NULL CHECK (method IN ('cash', 'bank', 'mobile_money', 'cheque')),
  payment_count integer NOT NULL DEFAULT 0 CHECK (payment_count >= 0),
  total numeric(18,2) NOT NULL DEFAULT 0,
  created_by integer,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (client_id, id),
  FOREIGN KEY (client_id, account_id) REFERENCES accounts(client_id, id),
  FOREIGN KEY (client_id, created_by) REFERENCES users(client_id, id)
);
CREATE INDEX payment_batches_created ON payment_batches(client_id, id);

CREATE TABLE payments (
  id bigserial PRIMARY KEY,
  client_id integer NOT NULL REFERENCES clients(id),
  receipt_no bigint NOT NULL CHECK (receipt_no > 0),
  customer_id integer NOT NULL,
  date date NOT NULL,
  amount numeric(18,2) NOT NULL CHECK (amount > 0),
  -- The part of amount allocated to bills; amount - allocated is the customer's credit from this payment.
  allocated numeric(18,2) NOT NULL DEFAULT 0 CHECK (allocated >= 0 AND allocated <= amount),
  method text NOT NULL CHECK (method IN ('cash', 'bank', 'mobile_money', 'cheque')),
  account_id integer NOT NULL,
  reference text,
  memo text,
  batch_id bigint,
  status text NOT NULL DEFAULT 'Posted' CHECK (status IN ('Posted', 'Cancelled')),
  journal_entry_id bigint NOT NULL,
  reversal_entry_id bigint,
  created_by integer,
  created_at timestamptz NOT NULL DEFAULT now(),
  cancelled_by integer,
  cancelled_at timestamptz,
  cancel_reason text,
  UNIQUE (client_id, id),
  UNIQUE (client_id, receipt_no),
  CHECK ((status = 'Cancelled') = (cancelled_at IS NOT NULL)),
  FOREIGN KEY (client_id, customer_id) REFERENCES customers(client_id, id),
  FOREIGN KEY (client_id, account_id) REFERENCES accounts(client_id, id),
  FOREIGN KEY (client_id, batch_id) REFERENCES payment_batches(client_id, id),
  FOREIGN KEY (client_id, journal_entry_id) REFERENCES journal_entries(client_id, id),
  FOREIGN KEY (client_id, reversal_entry_id) REFERENCES journal_entries(client_id, id),
  FOREIGN KEY (client_id, created_by) REFERENCES users(client_id, id),
  FOREIGN KEY (client_id, cancelled_by) REFERENCES users(client_id, id)
);
CREATE INDEX payments_customer ON payments(client_id, customer_id, date, id);
CREATE INDEX payments_date ON payments(client_id, date, id);
CREATE INDEX payments_batch ON payments(client_id, batch_id) WHERE batch_id IS NOT NULL;
CREATE UNIQUE INDEX payments_reference ON payments(client_id, account_id, lower(reference))
  WHERE reference IS NOT NULL AND status = 'Posted';
-- Payments with credit left: the only ones a new bill can take credit from (see payments_apply_credit).
CREATE INDEX payments_unallocated ON payments(client_id, customer_id, date, receipt_no)
  WHERE status = 'Posted' AND allocated < amount;

CREATE TABLE payment_allocations (
  client_id integer NOT NULL REFERENCES clients(id),
  payment_id bigint NOT NULL,
  bill_id bigint NOT NULL,
  amount numeric(18,2) NOT NULL CHECK (amount > 0),
  PRIMARY KEY (payment_id, bill_id),
  FOREIGN KEY (client_id, payment_id) REFERENCES payments(client_id, id),
  FOREIGN KEY (client_id, bill_id) REFERENCES bills(client_id, id)
);
CREATE INDEX payment_allocations_bill ON payment_allocations(client_id, bill_id);

-- Customer balance transfer (finance/c2c): credits the receivable of from_customer_id and debits that of
-- to_customer_id by amount, in one entry (net zero on the receivable account). Cancelled by reversal.
CREATE TABLE customer_transfers (
  id bigserial PRIMARY KEY,
  client_id integer NOT NULL REFERENCES clients(id),
  transfer_no bigint NOT NULL CHECK (transfer_no > 0),
  date date NOT NULL,
  from_customer_id integer NOT NULL,
  to_customer_id integer NOT NULL,
  amount numeric(18,2) NOT NULL CHECK (amount > 0),
  memo text,
  status text NOT NULL DEFAULT 'Posted' CHECK (status IN ('Posted', 'Cancelled')),
  journal_entry_id bigint NOT NULL,
  reversal_entry_id bigint,
  created_by integer,
  created_at timestamptz NOT NULL DEFAULT now(),
  cancelled_by integer,
  cancelled_at timestamptz,
  cancel_reason text,
  UNIQUE (client_id, id),
  UNIQUE (client_id, transfer_no),
  CHECK (from_customer_id <> to_customer_id),
  CHECK ((status = 'Cancelled') = (cancelled_at IS NOT NULL)),
  FOREIGN KEY (client_id, from_customer_id) REFERENCES customers(client_id, id),
  FOREIGN KEY (client_id, to_customer_id) REFERENCES customers(client_id, id),
  FOREIGN KEY (client_id, journal_entry_id) REFERENCES journal_entries(client_id, id),
  FOREIGN KEY (client_id, reversal_entry_id) REFERENCES journal_entries(client_id, id),
  FOREIGN KEY (client_id, created_by) REFERENCES users(client_id, id),
  FOREIGN KEY (client_id, cancelled_by) REFERENCES users(client_id, id)
);
CREATE INDEX customer_transfers_date ON customer_transfers(client_id, date, id);
CREATE INDEX customer_transfers_from ON customer_transfers(client_id, from_customer_id);
CREATE INDEX customer_transfers_to ON customer_transfers(client_id, to_customer_id);

DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['payment_batches', 'payments', 'payment_allocations', 'customer_transfers'] LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t);
    EXECUTE format('CREATE POLICY tenant ON %I USING (client_id = app_client_id()) WITH CHECK (client_id = app_client_id())', t);
    EXECUTE format('CREATE POLICY system ON %I TO %I USING (true) WITH CHECK (true)', t, current_user);
  END LOOP;
END $$;

-- Payments and transfers are documents with ledger entries: cancelled, never deleted. Allocations of a
-- cancelled payment are deleted (the bill's paid_amount is lowered in the same transaction); the payment
-- keeps its amount and entry, and the reversal entry records the undoing.
REVOKE DELETE, TRUNCATE ON payment_batches, payments, customer_transfers FROM ubo_app;

-- Customer credit meets open bills. The credit a customer may still apply is what their open bills
-- exceed their ledger receivable by (a debt that is not on a bill, such as an opening balance, absorbs
-- credit first); it is taken from payments with an unallocated rest (oldest first) and allocated to open
-- bills (oldest first). Called by the payments module after every posting that changes a customer's
-- balance, and by the trigger below when a bill is added, so an overpayment pays the next bill.
-- Runs as the caller (row-level security applies). Answers the amount allocated.
CREATE FUNCTION payments_apply_credit(p_client integer, p_customer integer) RETURNS numeric
LANGUAGE plpgsql AS $$
DECLARE
  v_balance numeric;
  v_open numeric;
  v_room numeric;
  v_left numeric;
  v_take numeric;
  v_applied numeric := 0;
  p record;
  b record;
BEGIN
  IF NOT EXISTS (SELECT 1 FROM payments WHERE client_id = p_client AND customer_id = p_customer
                 AND status = 'Posted' AND allocated < amount) THEN
    RETURN 0;
  END IF;
  SELECT coalesce(sum(l.debit - l.credit), 0) INTO v_balance
  FROM journal_lines l JOIN accounts a ON a.client_id = l.client_id AND a.id = l.account_id
  WHERE l.client_id = p_client AND l.party_type = 'customer' AND l.party_id = p_customer AND a.code = '1100';
  SELECT coalesce(sum(amount - paid_amount), 0) INTO v_open
  FROM bills WHERE client_id = p_client AND customer_id = p_customer AND status = 'Open';
  v_room := least(v_open - v_balance, v_open);
  IF v_room <= 0 THEN
    RETURN 0;
  END IF;
  FOR p IN SELECT id, amount - allocated AS free FROM payments
           WHERE client_id = p_client AND customer_id = p_customer AND status = 'Posted' AND allocated < amount
           ORDER BY date, receipt_no FOR UPDATE LOOP
    v_left := least(p.free, v_room);
    FOR b IN SELECT id, amount - paid_amount AS open FROM bills
             WHERE client_id = p_client AND customer_id = p_customer AND status = 'Open' AND paid_amount < amount
             ORDER BY bill_date, bill_no FOR UPDATE LOOP
      EXIT WHEN v_left <= 0;
      v_take := least(v_left, b.open);
      INSERT INTO payment_allocations (client_id, payment_id, bill_id, amount) VALUES (p_client, p.id, b.id, v_take)
        ON CONFLICT (payment_id, bill_id) DO UPDATE SET amount = payment_allocations.amount + excluded.amount;
      UPDATE bills SET paid_amount = paid_amount + v_take WHERE client_id = p_client AND id = b.id;
      UPDATE payments SET allocated = allocated + v_take WHERE client_id = p_client AND id = p.id;
      v_left := v_left - v_take;
      v_room := v_room - v_take;
      v_applied := v_applied + v_take;
    END LOOP;
    EXIT WHEN v_room <= 0;
  END LOOP;
  RETURN v_applied;
END $$;

-- At commit, when the bill and its journal entry are both written (a bill run inserts bills before it
-- posts them), whatever bill-producing code ran.
CREATE FUNCTION bills_apply_customer_credit() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status = 'Open' AND NEW.amount > NEW.paid_amount THEN
    PERFORM payments_apply_credit(NEW.client_id, NEW.customer_id);
  END IF;
  RETURN NULL;
END $$;
CREATE CONSTRAINT TRIGGER bills_apply_customer_credit AFTER INSERT ON bills
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bills_apply_customer_credit();
