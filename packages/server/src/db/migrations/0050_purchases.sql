-- Purchasing (issue 14): purchase orders, vendor bills and cash purchases (one table, two kinds and two
-- number series), and purchase returns. Every document that moves money posts through the ledger door in
-- its own transaction; stock comes in and goes back through the items module's moves; a bill is the
-- vendor's payable open item (kind 'vendor-bill'), a return against it a debit note (kind 'debit-note').
-- Documents are cancelled by reversal, never deleted. Orders post nothing.


CREATE TABLE purchase_orders (
  id bigserial PRIMARY KEY,
  client_id integer NOT NULL REFERENCES clients(id),
  order_no bigint NOT NULL CHECK (order_no > 0),
  vendor_id integer NOT NULL,
  date date NOT NULL,
  expected_date date,
  branch_id integer NOT NULL,
  notes text,
  subtotal numeric(18,2) NOT NULL,
  discount numeric(18,2) NOT NULL,
  tax numeric(18,2) NOT NULL,
  total numeric(18,2) NOT NULL,
  status text NOT NULL DEFAULT 'Draft' CHECK (status IN ('Draft', 'Approved', 'PartlyReceived', 'Received', 'ClosedShort', 'Cancelled')),
  approved_by integer,
  approved_at timestamptz,
  closed_by integer,
  closed_at timestamptz,
  close_reason text,
  created_by integer,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (client_id, id),
  UNIQUE (client_id, order_no),
  CHECK ((status = 'Draft') = (approved_at IS NULL) OR status = 'Cancelled'),
  FOREIGN KEY (client_id, vendor_id) REFERENCES vendors(client_id, id),
  FOREIGN KEY (client_id, branch_id) REFERENCES branches(client_id, id),
  FOREIGN KEY (client_id, approved_by) REFERENCES users(client_id, id),
  FOREIGN KEY (client_id, closed_by) REFERENCES users(client_id, id),
  FOREIGN KEY (client_id, created_by) REFERENCES users(client_id, id)
);
CREATE INDEX purchase_orders_date ON purchase_orders(client_id, date, id);
CREATE INDEX purchase_orders_vendor ON purchase_orders(client_id, vendor_id, date);

CREATE TABLE purchase_order_lines (
  client_id integer NOT NULL REFERENCES clients(id),
  order_id bigint NOT NULL,
  position smallint NOT NULL CHECK (position BETWEEN 1 AND 200),
  item_id integer,
  account_id integer,
  description text,
  quantity numeric(16,3) NOT NULL CHECK (quantity > 0),
  unit_price numeric(14,2) NOT NULL CHECK (unit_price >= 0),
  discount_percent numeric(7,4) NOT NULL DEFAULT 0,
  tax_percent numeric(7,4) NOT NULL DEFAULT 0,
  net numeric(18,2) NOT NULL,
  discount numeric(18,2) NOT NULL,
  tax numeric(18,2) NOT NULL,
  total numeric(18,2) NOT NULL,
  -- Kept with the vendor bills its receipts make (a cancelled bill gives its quantities back).
  received numeric(16,3) NOT NULL DEFAULT 0 CHECK (received >= 0),
  PRIMARY KEY (order_id, position),
  UNIQUE (client_id, order_id, position),
  CHECK (item_id IS NOT NULL OR description IS NOT NULL),
  FOREIGN KEY (client_id, order_id) REFERENCES purchase_orders(client_id, id),
  FOREIGN KEY (client_id, item_id) REFERENCES items(client_id, id),
  FOREIGN KEY (client_id, account_id) REFERENCES accounts(client_id, id)
);

CREATE TABLE purchases (
  id bigserial PRIMARY KEY,
  client_id integer NOT NULL REFERENCES clients(id),
  -- bill: a credit purchase (series VB), the vendor's payable open item; cash: paid at once (series CP).
  kind text NOT NULL CHECK (kind IN ('bill', 'cash')),
  doc_no bigint NOT NULL CHECK (doc_no > 0),
  vendor_id integer NOT NULL,
  -- The vendor's own number on its bill (unique per vendor among bills not cancelled).
  vendor_bill_no text CHECK (vendor_bill_no IS NULL OR length(vendor_bill_no) BETWEEN 1 AND 60),
  date date NOT NULL,
  due_date date,
  branch_id integer NOT NULL,
  payment_account_id integer,
  order_id bigint,
  notes text,
  subtotal numeric(18,2) NOT NULL,
  discount numeric(18,2) NOT NULL,
  tax numeric(18,2) NOT NULL,
  total numeric(18,2) NOT NULL,
  status text NOT NULL DEFAULT 'Posted' CHECK (status IN ('Posted', 'Cancelled')),
  journal_entry_id bigint,
  reversal_entry_id bigint,
  created_by integer,
  created_at timestamptz NOT NULL DEFAULT now(),
  cancelled_by integer,
  cancelled_at timestamptz,
  cancel_reason text,
  UNIQUE (client_id, id),
  UNIQUE (client_id, kind, doc_no),
  CHECK ((status = 'Cancelled') = (cancelled_at IS NOT NULL)),
  CHECK ((kind = 'cash') = (payment_account_id IS NOT NULL)),
  CHECK (kind = 'cash' OR (vendor_bill_no IS NOT NULL AND due_date IS NOT NULL)),
  FOREIGN KEY (client_id, vendor_id) REFERENCES vendors(client_id, id),
  FOREIGN KEY (client_id, branch_id) REFERENCES branches(client_id, id),
  FOREIGN KEY (client_id, payment_account_id) REFERENCES accounts(client_id, id),
  FOREIGN KEY (client_id, order_id) REFERENCES purchase_orders(client_id, id),
  FOREIGN KEY (client_id, journal_entry_id) REFERENCES journal_entries(client_id, id),
  FOREIGN KEY (client_id, reversal_entry_id) REFERENCES journal_entries(client_id, id),
  FOREIGN KEY (client_id, created_by) REFERENCES users(client_id, id),
  FOREIGN KEY (client_id, cancelled_by) REFERENCES users(client_id, id)
);
CREATE UNIQUE INDEX purchases_vendor_bill_no ON purchases(client_id, vendor_id, lower(vendor_bill_no)) WHERE status = 'Posted' AND vendor_bill_no IS NOT NULL;
CREATE INDEX purchases_date ON purchases(client_id, kind, date, id);
CREATE INDEX purchases_vendor ON purchases(client_id, vendor_id, date);
CREATE INDEX purchases_order ON purchases(client_id, order_id) WHERE order_id IS NOT NULL;

CREATE TABLE purchase_lines (
  client_id integer NOT NULL REFERENCES clients(id),
  purchase_id bigint NOT NULL,
  position smallint NOT NULL CHECK (position BETWEEN 1 AND 200),
  item_id integer,
  -- The account the line was posted to: the item's inventory account (stocked), its expense account, or the free line's.
  account_id integer NOT NULL,
  stocked boolean NOT NULL,
  description text,
  quantity numeric(16,3) NOT NULL CHECK (quantity > 0),
  unit_price numeric(14,2) NOT NULL CHECK (unit_price >= 0),
  discount_percent numeric(7,4) NOT NULL DEFAULT 0,
  tax_percent numeric(7,4) NOT NULL DEFAULT 0,
  net numeric(18,2) NOT NULL,
  discount numeric(18,2) NOT NULL,
  tax numeric(18,2) NOT NULL,
  total numeric(18,2) NOT NULL,
  -- The receiving stock move (a return brings it back at its cost).
  stock_move_id bigint,
  order_position smallint,
  returned numeric(16,3) NOT NULL DEFAULT 0 CHECK (returned >= 0 AND returned <= quantity),
  PRIMARY KEY (purchase_id, position),
  FOREIGN KEY (client_id, purchase_id) REFERENCES purchases(client_id, id),
  FOREIGN KEY (client_id, item_id) REFERENCES items(client_id, id),
  FOREIGN KEY (client_id, account_id) REFERENCES accounts(client_id, id),
  FOREIGN KEY (client_id, stock_move_id) REFERENCES stock_moves(client_id, id)
);
CREATE INDEX purchase_lines_account ON purchase_lines(client_id, account_id);

CREATE TABLE purchase_returns (
  id bigserial PRIMARY KEY,
  client_id integer NOT NULL REFERENCES clients(id),
  return_no bigint NOT NULL CHECK (return_no > 0),
  purchase_id bigint NOT NULL,
  vendor_id integer NOT NULL,
  branch_id integer NOT NULL,
  date date NOT NULL,
  reason text,
  refund_account_id integer,
  amount numeric(18,2) NOT NULL,
  tax numeric(18,2) NOT NULL,
  total numeric(18,2) NOT NULL,
  status text NOT NULL DEFAULT 'Posted' CHECK (status IN ('Posted', 'Cancelled')),
  journal_entry_id bigint,
  reversal_entry_id bigint,
  created_by integer,
  created_at timestamptz NOT NULL DEFAULT now(),
  cancelled_by integer,
  cancelled_at timestamptz,
  cancel_reason text,
  UNIQUE (client_id, id),
  UNIQUE (client_id, return_no),
  CHECK ((status = 'Cancelled') = (cancelled_at IS NOT NULL)),
  FOREIGN KEY (client_id, purchase_id) REFERENCES purchases(client_id, id),
  FOREIGN KEY (client_id, vendor_id) REFERENCES vendors(client_id, id),
  FOREIGN KEY (client_id, branch_id) REFERENCES branches(client_id, id),
  FOREIGN KEY (client_id, refund_account_id) REFERENCES accounts(client_id, id),
  FOREIGN KEY (client_id, journal_entry_id) REFERENCES journal_entries(client_id, id),
  FOREIGN KEY (client_id, reversal_entry_id) REFERENCES journal_entries(client_id, id),
  FOREIGN KEY (client_id, created_by) REFERENCES users(client_id, id),
  FOREIGN KEY (client_id, cancelled_by) REFERENCES users(client_id, id)
);
CREATE INDEX purchase_returns_date ON purchase_returns(client_id, date, id);
CREATE INDEX purchase_returns_purchase ON purchase_returns(client_id, purchase_id);

CREATE TABLE purchase_return_lines (
  client_id integer NOT NULL REFERENCES clients(id),
  return_id bigint NOT NULL,
  position smallint NOT NULL CHECK (position BETWEEN 1 AND 200),
  purchase_position smallint NOT NULL,
  item_id integer,
  account_id integer NOT NULL,
  description text,
  quantity numeric(16,3) NOT NULL CHECK (quantity > 0),
  unit_price numeric(14,2) NOT NULL,
  amount numeric(18,2) NOT NULL,
  tax numeric(18,2) NOT NULL,
  total numeric(18,2) NOT NULL,
  stock_move_id bigint,
  PRIMARY KEY (return_id, position),
  FOREIGN KEY (client_id, return_id) REFERENCES purchase_returns(client_id, id),
  FOREIGN KEY (client_id, item_id) REFERENCES items(client_id, id),
  FOREIGN KEY (client_id, account_id) REFERENCES accounts(client_id, id),
  FOREIGN KEY (client_id, stock_move_id) REFERENCES stock_moves(client_id, id)
);

SELECT app_tenant_tables('purchase_orders', 'purchase_order_lines', 'purchases', 'purchase_lines', 'purchase_returns', 'purchase_return_lines');

-- Documents are cancelled, never deleted (a draft order's lines are replaced when it is edited).
REVOKE DELETE, TRUNCATE ON purchase_orders, purchases, purchase_lines, purchase_returns, purchase_return_lines FROM ubo_app;
