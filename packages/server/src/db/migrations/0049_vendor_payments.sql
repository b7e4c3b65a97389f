-- Vendor payments (issue 14, Pay bill): money out of a cash, bank or mobile-money account to a vendor
-- (gapless number, series 'PV'), one journal entry (payable debit naming the vendor, the account credit),
-- and a settling open item (kind 'vendor-payment', side debit on the payable) allocated to the vendor's
-- open bills oldest first or by hand; what is not allocated stays as the vendor's debit balance, credit
-- that later bills take. Cancelled by reversal (never deleted). What a payment paid is its open item's
-- allocations; its allocated amount is the item's `settled`.

CREATE TABLE vendor_payments (
  id bigserial PRIMARY KEY,
  client_id integer NOT NULL REFERENCES clients(id),
  payment_no bigint NOT NULL CHECK (payment_no > 0),
  vendor_id integer NOT NULL,
  date date NOT NULL,
  amount numeric(18,2) NOT NULL CHECK (amount > 0),
  method text NOT NULL CHECK (method IN ('cash', 'bank', 'mobile_money', 'cheque')),
  account_id integer NOT NULL,
  reference text CHECK (reference IS NULL OR length(reference) <= 100),
  memo text CHECK (memo IS NULL OR length(memo) <= 1000),
  status text NOT NULL DEFAULT 'Posted' CHECK (status IN ('Posted', 'Cancelled')),
  journal_entry_id bigint NOT NULL,
  reversal_entry_id bigint,
  created_by integer,
  created_at timestamptz NOT NULL DEFAULT now(),
  cancelled_by integer,
  cancelled_at timestamptz,
  cancel_reason text,
  UNIQUE (client_id, id),
  UNIQUE (client_id, payment_no),
  CHECK ((status = 'Cancelled') = (cancelled_at IS NOT NULL)),
  FOREIGN KEY (client_id, vendor_id) REFERENCES vendors(client_id, id),
  FOREIGN KEY (client_id, account_id) REFERENCES accounts(client_id, id),
  FOREIGN KEY (client_id, journal_entry_id) REFERENCES journal_entries(client_id, id),
  FOREIGN KEY (client_id, reversal_entry_id) REFERENCES journal_entries(client_id, id),
  FOREIGN KEY (client_id, created_by) REFERENCES users(client_id, id),
  FOREIGN KEY (client_id, cancelled_by) REFERENCES users(client_id, id)
);
CREATE INDEX vendor_payments_vendor ON vendor_payments(client_id, vendor_id, date, id);
CREATE INDEX vendor_payments_date ON vendor_payments(client_id, date, id);

SELECT app_tenant_tables('vendor_payments');

-- Documents are cancelled, never deleted.
REVOKE DELETE, TRUNCATE ON vendor_payments FROM ubo_app;
