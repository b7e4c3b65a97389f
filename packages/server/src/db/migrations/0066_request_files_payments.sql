-- Staff requests, continued (issue 15): attachments and payments.
-- request_files links files (bytes in `files`, purpose 'request') to a request: a scan, a photo or a PDF of
-- a quotation or an invoice, with the same type, size and name rules as journal entry attachments.
-- request_payments: an approved request paid from a cash, bank or mobile-money account against an expense
-- account (or, for a cash advance, an advance or receivable account): number RP-nnnnnn (gapless, document
-- counter 'RP'), one journal entry through the ledger door in the same transaction, and the request marked
-- Fulfilled with fulfilled_kind 'payment'. Cancelling the payment reverses its entry and gives the request
-- back (Approved again). Payments are cancelled, never deleted.

CREATE TABLE request_files (
  id serial PRIMARY KEY,
  client_id integer NOT NULL REFERENCES clients(id),
  request_id bigint NOT NULL,
  file_id uuid NOT NULL UNIQUE,
  created_by integer,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (client_id, id),
  FOREIGN KEY (client_id, request_id) REFERENCES requests(client_id, id),
  FOREIGN KEY (client_id, file_id) REFERENCES files(client_id, id) ON DELETE CASCADE,
  FOREIGN KEY (client_id, created_by) REFERENCES users(client_id, id)
);
CREATE INDEX request_files_request ON request_files(client_id, request_id, id);

CREATE TABLE request_payments (
  id bigserial PRIMARY KEY,
  client_id integer NOT NULL REFERENCES clients(id),
  request_id bigint NOT NULL,
  payment_no integer NOT NULL CHECK (payment_no > 0),
  date date NOT NULL,
  amount numeric(18,2) NOT NULL CHECK (amount > 0),
  account_id integer NOT NULL,
  debit_account_id integer NOT NULL,
  memo text CHECK (memo IS NULL OR length(memo) <= 500),
  journal_entry_id bigint NOT NULL,
  status text NOT NULL DEFAULT 'Posted' CHECK (status IN ('Posted', 'Cancelled')),
  reversal_entry_id bigint,
  cancelled_by integer,
  cancelled_at timestamptz,
  cancel_reason text CHECK (cancel_reason IS NULL OR length(cancel_reason) BETWEEN 1 AND 500),
  created_by integer NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (client_id, id),
  UNIQUE (client_id, payment_no),
  CHECK ((status = 'Cancelled') = (reversal_entry_id IS NOT NULL AND cancelled_at IS NOT NULL AND cancel_reason IS NOT NULL)),
  FOREIGN KEY (client_id, request_id) REFERENCES requests(client_id, id),
  FOREIGN KEY (client_id, account_id) REFERENCES accounts(client_id, id),
  FOREIGN KEY (client_id, debit_account_id) REFERENCES accounts(client_id, id),
  FOREIGN KEY (client_id, journal_entry_id) REFERENCES journal_entries(client_id, id),
  FOREIGN KEY (client_id, reversal_entry_id) REFERENCES journal_entries(client_id, id),
  FOREIGN KEY (client_id, created_by) REFERENCES users(client_id, id),
  FOREIGN KEY (client_id, cancelled_by) REFERENCES users(client_id, id)
);
CREATE INDEX request_payments_request ON request_payments(client_id, request_id, id);
-- A request has at most one standing payment.
CREATE UNIQUE INDEX request_payments_posted ON request_payments(client_id, request_id) WHERE status = 'Posted';

ALTER TABLE requests DROP CONSTRAINT requests_fulfilled_kind_check;
ALTER TABLE requests ADD CONSTRAINT requests_fulfilled_kind_check CHECK (fulfilled_kind IN ('purchase-order', 'bill', 'cash', 'payment'));

SELECT app_tenant_tables('request_files', 'request_payments');

REVOKE UPDATE, TRUNCATE ON request_files FROM ubo_app;
REVOKE DELETE, TRUNCATE ON request_payments FROM ubo_app;
