-- Numbered receipt books (issue 15, /books): printed books of receipts a field collector writes by hand.
-- A book is a series and a range of numbers issued to one collector (a user) on a date; its status is
-- Active (numbers may be used), Closed (handed back; may be reopened), Lost (its unused numbers are refused
-- from then on) or Cancelled (issued by mistake, nothing used). Ranges of one series never overlap: the
-- service checks it under a per-series advisory lock, so two issues at once cannot both pass.
-- receipt_book_numbers holds every number written: Used by a payment (recorded in the payment's own
-- transaction) or Voided with a reason (a spoilt leaf, or the payment was cancelled). A number is in the
-- table at most once (primary key), so a leaf is never used twice and a voided one never comes back.

CREATE TABLE receipt_books (
  id serial PRIMARY KEY,
  client_id integer NOT NULL REFERENCES clients(id),
  series text NOT NULL CHECK (series ~ '^[A-Z0-9][A-Z0-9-]{0,19}$'),
  first_no integer NOT NULL CHECK (first_no > 0),
  last_no integer NOT NULL,
  collector_id integer NOT NULL,
  issue_date date NOT NULL,
  status text NOT NULL DEFAULT 'Active' CHECK (status IN ('Active', 'Closed', 'Lost', 'Cancelled')),
  status_reason text CHECK (status_reason IS NULL OR length(status_reason) <= 500),
  status_changed_by integer,
  status_changed_at timestamptz,
  notes text CHECK (notes IS NULL OR length(notes) <= 500),
  created_by integer,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (client_id, id),
  CHECK (last_no >= first_no AND last_no - first_no < 10000),
  FOREIGN KEY (client_id, collector_id) REFERENCES users(client_id, id),
  FOREIGN KEY (client_id, status_changed_by) REFERENCES users(client_id, id),
  FOREIGN KEY (client_id, created_by) REFERENCES users(client_id, id)
);
CREATE INDEX receipt_books_series ON receipt_books(client_id, series, first_no);
CREATE INDEX receipt_books_collector ON receipt_books(client_id, collector_id, status, id);

CREATE TABLE receipt_book_numbers (
  client_id integer NOT NULL REFERENCES clients(id),
  book_id integer NOT NULL,
  number integer NOT NULL,
  state text NOT NULL CHECK (state IN ('Used', 'Voided')),
  -- The payment that used the number (kept when the payment is cancelled and the number voided).
  payment_id bigint,
  reason text CHECK (reason IS NULL OR length(reason) <= 500),
  created_by integer,
  created_at timestamptz NOT NULL DEFAULT now(),
  voided_by integer,
  voided_at timestamptz,
  PRIMARY KEY (client_id, book_id, number),
  CHECK ((state = 'Voided') = (voided_at IS NOT NULL)),
  CHECK (state = 'Voided' OR payment_id IS NOT NULL),
  FOREIGN KEY (client_id, book_id) REFERENCES receipt_books(client_id, id),
  FOREIGN KEY (client_id, payment_id) REFERENCES payments(client_id, id),
  FOREIGN KEY (client_id, created_by) REFERENCES users(client_id, id),
  FOREIGN KEY (client_id, voided_by) REFERENCES users(client_id, id)
);
CREATE UNIQUE INDEX receipt_book_numbers_payment ON receipt_book_numbers(client_id, payment_id) WHERE payment_id IS NOT NULL;

SELECT app_tenant_tables('receipt_books', 'receipt_book_numbers');

-- Books change status, never disappear; a written number is only ever voided (Used -> Voided).
REVOKE DELETE, TRUNCATE ON receipt_books, receipt_book_numbers FROM ubo_app;

CREATE FUNCTION receipt_book_numbers_only_void() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.state <> 'Used' OR NEW.state <> 'Voided' OR NEW.number <> OLD.number OR NEW.book_id <> OLD.book_id
     OR NEW.client_id <> OLD.client_id OR NEW.payment_id IS DISTINCT FROM OLD.payment_id THEN
    RAISE EXCEPTION 'a receipt number is only ever voided' USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER receipt_book_numbers_only_void BEFORE UPDATE ON receipt_book_numbers
  FOR EACH ROW EXECUTE FUNCTION receipt_book_numbers_only_void();
