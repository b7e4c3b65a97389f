-- Vendors (issue 14): the organisation's suppliers. What the organisation owes a vendor is the party
-- subledger (open items of party_type 'vendor' on the payable account 2010, migration 0036) and the
-- ledger's payable lines naming the vendor; this table holds who the vendor is and how it is paid.
-- The purchasing documents (orders, bills, payments, returns) come in their own migrations (0049-).

CREATE TABLE vendors (
  id serial PRIMARY KEY,
  client_id integer NOT NULL REFERENCES clients(id),
  -- The vendor's number in the organisation's own series (V-0001), shown on every document.
  number text NOT NULL CHECK (length(number) BETWEEN 1 AND 40),
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 160),
  contact_person text CHECK (contact_person IS NULL OR length(contact_person) <= 120),
  phone text CHECK (phone IS NULL OR length(phone) <= 40),
  email text CHECK (email IS NULL OR length(email) <= 254),
  address text CHECK (address IS NULL OR length(address) <= 500),
  tax_number text CHECK (tax_number IS NULL OR length(tax_number) <= 60),
  -- Days from a bill's date to its due date.
  payment_terms_days integer NOT NULL DEFAULT 30 CHECK (payment_terms_days BETWEEN 0 AND 3650),
  -- Where a bill's free lines go when the clerk names no account.
  default_expense_account_id integer,
  -- What the organisation owed the vendor when it started with us (posted: payable against opening equity).
  opening_balance numeric(14,2) NOT NULL DEFAULT 0 CHECK (opening_balance >= 0),
  opening_date date,
  opening_journal_entry_id integer,
  notes text CHECK (notes IS NULL OR length(notes) <= 1000),
  status text NOT NULL DEFAULT 'Active' CHECK (status IN ('Active', 'Inactive')),
  created_by integer,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (client_id, id),
  UNIQUE (client_id, number),
  CHECK ((opening_balance = 0) OR (opening_date IS NOT NULL)),
  FOREIGN KEY (client_id, default_expense_account_id) REFERENCES accounts(client_id, id),
  FOREIGN KEY (client_id, opening_journal_entry_id) REFERENCES journal_entries(client_id, id),
  FOREIGN KEY (client_id, created_by) REFERENCES users(client_id, id)
);
CREATE INDEX vendors_name ON vendors(client_id, lower(name), id);

SELECT app_tenant_tables('vendors');

-- A vendor is set Inactive, never deleted (its documents name it).
REVOKE DELETE, TRUNCATE ON vendors FROM ubo_app;
