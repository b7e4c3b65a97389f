-- Customer payments: a receipt (gapless number, series 'RC') posts cash/bank/mobile money against the
-- customer's receivable in one journal entry, and is allocated to open bills (oldest first, or by hand).
-- What is not allocated stays as customer credit (the receivable goes below zero for that customer).
-- A batch receive groups payments saved together (from a grid or a mobile-money CSV); a payment's
-- reference is unique per organisation and account while posted, so a statement row cannot be taken twice.
-- Cancelling reverses the entry and the allocations (bills.paid_amount goes back down).

CREATE TABLE payment_batches (
  id bigserial PRIMARY KEY,
  client_id integer NOT NULL REFERENCES clients(id),
  source text NOT NULL CHECK (source IN ('grid', 'csv')),
  file_name text,
  payment_count integer NOT NULL DEFAULT 0 CHECK (payment_count >= 0),
  total numeric(18,2) NOT NULL DEFAULT 0,
  created_by integer,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (client_id, id),
  FOREIGN KEY (client_id, created_by) REFERENCES users(client_id, id)
);

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
CREATE UNIQUE INDEX payments_reference ON payments(client_id, account_id, lower(reference))
  WHERE reference IS NOT NULL AND status = 'Posted';

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

DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['payment_batches', 'payments', 'payment_allocations'] LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t);
    EXECUTE format('CREATE POLICY tenant ON %I USING (client_id = app_client_id()) WITH CHECK (client_id = app_client_id())', t);
    EXECUTE format('CREATE POLICY system ON %I TO %I USING (true) WITH CHECK (true)', t, current_user);
  END LOOP;
END $$;

-- Payments are documents with ledger entries: cancelled, never deleted. Allocations of a cancelled
-- payment are deleted (the bill's paid_amount is lowered in the same transaction); the payment keeps
-- its amount and entry, and the reversal entry records the undoing.
REVOKE DELETE, TRUNCATE ON payment_batches, payments FROM ubo_app;
