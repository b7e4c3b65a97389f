-- Sales (issue 14): quotations, sales invoices, cash sales (sales receipts) and sales returns, one table
-- of documents with their kind and one of lines (the trade lines every trade document shares).
--
-- * A quotation posts nothing: Open, Accepted (converted into an invoice that names it) or Cancelled
--   (Expired is shown when its validity has passed).
-- * An invoice posts receivable (naming the customer) against income and tax payable, and cost of goods
--   sold against inventory at the stock plan's value; its receivable open item (kind 'invoice') is paid by
--   customer receipts and credit notes like any other charge.
-- * A cash sale posts the same sale entry and a second entry that pays it at once (the receiving account
--   against the receivable): the customer's statement shows the sale and its payment, its balance does not
--   move. The organisation's walk-in customer (sales_settings.walk_in_customer_id) is a customer row
--   created on the first cash sale without a customer: numbered WALK-IN outside the customer series, no
--   house, so bill runs never bill it, and its balance is always zero.
-- * A return names its sale; its lines name the sale's lines (sale_position). Stocked goods come back at
--   the cost they left with (stock_moves.returns_move_id). An invoice's return is a credit note (open item
--   kind 'credit-note' allocated to the invoice, the rest waits as credit); a cash sale's return is a
--   credit note refunded at once from an account (settle_entry_id).
-- Cancel = reversal of the entries + inverse stock moves + the open items cancelled; never deletion.

CREATE TABLE sales_settings (
  client_id integer PRIMARY KEY REFERENCES clients(id),
  walk_in_customer_id integer,
  updated_at timestamptz NOT NULL DEFAULT now(),
  FOREIGN KEY (client_id, walk_in_customer_id) REFERENCES customers(client_id, id)
);

CREATE TABLE sales_documents (
  id bigserial PRIMARY KEY,
  client_id integer NOT NULL REFERENCES clients(id),
  kind text NOT NULL CHECK (kind IN ('quotation', 'invoice', 'receipt', 'return')),
  doc_no bigint NOT NULL CHECK (doc_no > 0),
  customer_id integer NOT NULL,
  date date NOT NULL,
  due_date date,
  valid_until date,
  branch_id integer,
  -- A cash sale's receiving account; a cash sale return's refund account.
  account_id integer,
  reference text,
  notes text,
  quotation_id bigint,
  sale_id bigint,
  subtotal numeric(18,2) NOT NULL DEFAULT 0,
  discount numeric(18,2) NOT NULL DEFAULT 0,
  tax numeric(18,2) NOT NULL DEFAULT 0,
  total numeric(18,2) NOT NULL DEFAULT 0,
  -- Value at cost of the stock the document moved (always positive).
  cost numeric(18,2) NOT NULL DEFAULT 0,
  status text NOT NULL CHECK (status IN ('Open', 'Accepted', 'Posted', 'Cancelled')),
  journal_entry_id bigint,
  settle_entry_id bigint,
  reversal_entry_id bigint,
  settle_reversal_entry_id bigint,
  created_by integer,
  created_at timestamptz NOT NULL DEFAULT now(),
  cancelled_by integer,
  cancelled_at timestamptz,
  cancel_reason text,
  UNIQUE (client_id, id),
  UNIQUE (client_id, kind, doc_no),
  CHECK ((status = 'Cancelled') = (cancelled_at IS NOT NULL)),
  CHECK (kind = 'quotation' OR status IN ('Posted', 'Cancelled')),
  CHECK (kind <> 'quotation' OR status IN ('Open', 'Accepted', 'Cancelled')),
  CHECK (kind <> 'return' OR sale_id IS NOT NULL),
  FOREIGN KEY (client_id, customer_id) REFERENCES customers(client_id, id),
  FOREIGN KEY (client_id, branch_id) REFERENCES branches(client_id, id),
  FOREIGN KEY (client_id, account_id) REFERENCES accounts(client_id, id),
  FOREIGN KEY (client_id, quotation_id) REFERENCES sales_documents(client_id, id),
  FOREIGN KEY (client_id, sale_id) REFERENCES sales_documents(client_id, id),
  FOREIGN KEY (client_id, journal_entry_id) REFERENCES journal_entries(client_id, id),
  FOREIGN KEY (client_id, settle_entry_id) REFERENCES journal_entries(client_id, id),
  FOREIGN KEY (client_id, reversal_entry_id) REFERENCES journal_entries(client_id, id),
  FOREIGN KEY (client_id, settle_reversal_entry_id) REFERENCES journal_entries(client_id, id),
  FOREIGN KEY (client_id, created_by) REFERENCES users(client_id, id),
  FOREIGN KEY (client_id, cancelled_by) REFERENCES users(client_id, id)
);
CREATE INDEX sales_documents_list ON sales_documents(client_id, kind, date DESC, id DESC);
CREATE INDEX sales_documents_customer ON sales_documents(client_id, customer_id, date);
CREATE INDEX sales_documents_sale ON sales_documents(client_id, sale_id) WHERE sale_id IS NOT NULL;
CREATE INDEX sales_documents_quotation ON sales_documents(client_id, quotation_id) WHERE quotation_id IS NOT NULL;

CREATE TABLE sales_document_lines (
  client_id integer NOT NULL REFERENCES clients(id),
  document_id bigint NOT NULL,
  position smallint NOT NULL CHECK (position BETWEEN 1 AND 200),
  item_id integer,
  -- The income account the line is sold on (the item's, or the free line's).
  account_id integer NOT NULL,
  description text,
  quantity numeric(16,3) NOT NULL CHECK (quantity > 0),
  unit_price numeric(14,2) NOT NULL CHECK (unit_price >= 0),
  discount_percent numeric(7,4) NOT NULL DEFAULT 0,
  tax_percent numeric(7,4) NOT NULL DEFAULT 0,
  net numeric(18,2) NOT NULL,
  discount numeric(18,2) NOT NULL,
  tax numeric(18,2) NOT NULL,
  total numeric(18,2) NOT NULL,
  -- Value at cost of the stock the line moved (a stocked good), else 0.
  cost numeric(18,2) NOT NULL DEFAULT 0,
  stock_move_id bigint,
  -- A return's line: the line of its sale it brings back.
  sale_position smallint,
  PRIMARY KEY (document_id, position),
  FOREIGN KEY (client_id, document_id) REFERENCES sales_documents(client_id, id),
  FOREIGN KEY (client_id, item_id) REFERENCES items(client_id, id),
  FOREIGN KEY (client_id, account_id) REFERENCES accounts(client_id, id),
  FOREIGN KEY (client_id, stock_move_id) REFERENCES stock_moves(client_id, id)
);
CREATE INDEX sales_document_lines_item ON sales_document_lines(client_id, item_id) WHERE item_id IS NOT NULL;

SELECT app_tenant_tables('sales_settings', 'sales_documents', 'sales_document_lines');

-- Documents are cancelled, never deleted.
REVOKE DELETE, TRUNCATE ON sales_settings, sales_documents, sales_document_lines FROM ubo_app;
