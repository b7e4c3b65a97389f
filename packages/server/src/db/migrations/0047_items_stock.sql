-- Items and stock (issue 14): the item register, and stock kept per item and branch as append-only
-- moves valued at a moving weighted average cost.
--
-- * items: what the organisation buys, keeps and sells: stocked goods (kept in stock, valued), non-stocked
--   goods and services (never in stock). Each names its income, expense (cost of goods sold for a
--   stocked good) and, for a stocked good, inventory account.
-- * stock_moves: every change of stock (opening, purchase, sale, returns, adjustment, transfer) as one
--   row with a signed quantity and a signed value at cost, and the running quantity and value of its item
--   and branch after it (the stock card reads them as they are). Never updated or deleted: a cancelled
--   document moves the stock back with new moves.
-- * stock_balances: the quantity and value on hand per item and branch, changed only with the moves
--   (locked by the writer in key order); average cost = value / quantity. Sum of values per inventory
--   account = the account's ledger balance (test/stock-invariant.ts, verifyStock).
-- * stock_adjustments: the stock documents of this module (opening stock, count and other adjustments),
--   posted to the books; stock_transfers move stock between branches at average cost (no ledger effect:
--   one inventory account per item).

-- The organisation may let stock go below zero (off by default: a sale beyond stock is refused). No row:
-- the default.
CREATE TABLE stock_settings (
  client_id integer PRIMARY KEY REFERENCES clients(id),
  allow_negative_stock boolean NOT NULL DEFAULT false,
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE UNIQUE INDEX IF NOT EXISTS categories_client_id_id ON categories(client_id, id);
CREATE UNIQUE INDEX IF NOT EXISTS units_client_id_id ON units(client_id, id);
CREATE UNIQUE INDEX IF NOT EXISTS branches_client_id_id ON branches(client_id, id);
CREATE UNIQUE INDEX IF NOT EXISTS users_client_id_id ON users(client_id, id);

CREATE TABLE items (
  id serial PRIMARY KEY,
  client_id integer NOT NULL REFERENCES clients(id),
  code text NOT NULL CHECK (length(code) BETWEEN 1 AND 40),
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 160),
  kind text NOT NULL CHECK (kind IN ('stock', 'non_stock', 'service')),
  category_id integer,
  unit_id integer,
  sale_price numeric(14,2) NOT NULL DEFAULT 0 CHECK (sale_price >= 0),
  purchase_price numeric(14,2) NOT NULL DEFAULT 0 CHECK (purchase_price >= 0),
  tax_percent numeric(7,4) NOT NULL DEFAULT 0 CHECK (tax_percent BETWEEN 0 AND 100),
  income_account_id integer NOT NULL,
  expense_account_id integer NOT NULL,
  inventory_account_id integer,
  reorder_level numeric(14,3) NOT NULL DEFAULT 0 CHECK (reorder_level >= 0),
  barcode text CHECK (barcode IS NULL OR length(barcode) BETWEEN 1 AND 64),
  description text,
  status text NOT NULL DEFAULT 'Active' CHECK (status IN ('Active', 'Inactive')),
  created_by integer,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (client_id, id),
  CHECK ((kind = 'stock') = (inventory_account_id IS NOT NULL)),
  FOREIGN KEY (client_id, category_id) REFERENCES categories(client_id, id),
  FOREIGN KEY (client_id, unit_id) REFERENCES units(client_id, id),
  FOREIGN KEY (client_id, income_account_id) REFERENCES accounts(client_id, id),
  FOREIGN KEY (client_id, expense_account_id) REFERENCES accounts(client_id, id),
  FOREIGN KEY (client_id, inventory_account_id) REFERENCES accounts(client_id, id),
  FOREIGN KEY (client_id, created_by) REFERENCES users(client_id, id)
);
CREATE UNIQUE INDEX items_code ON items(client_id, lower(code));
CREATE UNIQUE INDEX items_barcode ON items(client_id, barcode) WHERE barcode IS NOT NULL;
CREATE INDEX items_name ON items(client_id, lower(name));

CREATE TABLE stock_balances (
  client_id integer NOT NULL REFERENCES clients(id),
  item_id integer NOT NULL,
  branch_id integer NOT NULL,
  quantity numeric(16,3) NOT NULL DEFAULT 0,
  value numeric(18,2) NOT NULL DEFAULT 0,
  -- The average of the last move that left stock above zero: the cost of a move out of empty stock
  -- when the organisation allows negative stock.
  last_unit_cost numeric(20,6) NOT NULL DEFAULT 0,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (client_id, item_id, branch_id),
  FOREIGN KEY (client_id, item_id) REFERENCES items(client_id, id),
  FOREIGN KEY (client_id, branch_id) REFERENCES branches(client_id, id)
);
CREATE INDEX stock_balances_item ON stock_balances(client_id, item_id);

CREATE TABLE stock_moves (
  id bigserial PRIMARY KEY,
  client_id integer NOT NULL REFERENCES clients(id),
  item_id integer NOT NULL,
  branch_id integer NOT NULL,
  moved_on date NOT NULL,
  kind text NOT NULL CHECK (kind IN ('opening', 'purchase', 'purchase_return', 'sale', 'sales_return', 'adjustment', 'transfer_in', 'transfer_out')),
  -- Signed: positive into stock, negative out of it; value is the same move at cost, in money.
  quantity numeric(16,3) NOT NULL CHECK (quantity <> 0),
  value numeric(18,2) NOT NULL,
  unit_cost numeric(20,6) NOT NULL CHECK (unit_cost >= 0),
  -- The item and branch's stock right after this move (the stock card's balance column).
  quantity_after numeric(16,3) NOT NULL,
  value_after numeric(18,2) NOT NULL,
  inventory_account_id integer NOT NULL,
  -- The document that moved the stock: its type ('stock-adjustment', 'stock-transfer', 'sales-invoice',
  -- ...), id and printed number.
  source_type text NOT NULL,
  source_id bigint NOT NULL,
  source_no text,
  -- The move a return brings back (a sales return names the sale's move, whose cost it takes).
  returns_move_id bigint,
  journal_entry_id bigint,
  created_by integer,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (client_id, id),
  CHECK (sign(quantity) * sign(value) >= 0),
  FOREIGN KEY (client_id, item_id) REFERENCES items(client_id, id),
  FOREIGN KEY (client_id, branch_id) REFERENCES branches(client_id, id),
  FOREIGN KEY (client_id, inventory_account_id) REFERENCES accounts(client_id, id),
  FOREIGN KEY (client_id, returns_move_id) REFERENCES stock_moves(client_id, id),
  FOREIGN KEY (client_id, journal_entry_id) REFERENCES journal_entries(client_id, id),
  FOREIGN KEY (client_id, created_by) REFERENCES users(client_id, id)
);
CREATE INDEX stock_moves_card ON stock_moves(client_id, item_id, branch_id, id);
CREATE INDEX stock_moves_item_date ON stock_moves(client_id, item_id, moved_on);
CREATE INDEX stock_moves_source ON stock_moves(client_id, source_type, source_id);

CREATE FUNCTION stock_moves_are_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'stock moves are append-only: move the stock back with a new move';
END $$;
CREATE TRIGGER stock_moves_append_only BEFORE UPDATE OR DELETE ON stock_moves
  FOR EACH ROW EXECUTE FUNCTION stock_moves_are_append_only();
CREATE TRIGGER stock_moves_no_truncate BEFORE TRUNCATE ON stock_moves
  FOR EACH STATEMENT EXECUTE FUNCTION stock_moves_are_append_only();

CREATE TABLE stock_adjustments (
  id bigserial PRIMARY KEY,
  client_id integer NOT NULL REFERENCES clients(id),
  adjustment_no bigint NOT NULL CHECK (adjustment_no > 0),
  -- opening: stock an organisation starts with (against opening balance equity); adjustment: found,
  -- lost, damaged or counted stock (against the stock adjustments account).
  kind text NOT NULL CHECK (kind IN ('opening', 'adjustment')),
  branch_id integer NOT NULL,
  date date NOT NULL,
  reason text,
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
  UNIQUE (client_id, adjustment_no),
  CHECK ((status = 'Cancelled') = (cancelled_at IS NOT NULL)),
  FOREIGN KEY (client_id, branch_id) REFERENCES branches(client_id, id),
  FOREIGN KEY (client_id, journal_entry_id) REFERENCES journal_entries(client_id, id),
  FOREIGN KEY (client_id, reversal_entry_id) REFERENCES journal_entries(client_id, id),
  FOREIGN KEY (client_id, created_by) REFERENCES users(client_id, id),
  FOREIGN KEY (client_id, cancelled_by) REFERENCES users(client_id, id)
);
CREATE INDEX stock_adjustments_date ON stock_adjustments(client_id, date, id);

CREATE TABLE stock_adjustment_lines (
  client_id integer NOT NULL REFERENCES clients(id),
  adjustment_id bigint NOT NULL,
  position smallint NOT NULL CHECK (position BETWEEN 1 AND 500),
  item_id integer NOT NULL,
  -- Signed: what came into stock (+) or left it (-); value at cost as the move took it.
  quantity numeric(16,3) NOT NULL CHECK (quantity <> 0),
  value numeric(18,2) NOT NULL,
  memo text,
  PRIMARY KEY (adjustment_id, position),
  FOREIGN KEY (client_id, adjustment_id) REFERENCES stock_adjustments(client_id, id),
  FOREIGN KEY (client_id, item_id) REFERENCES items(client_id, id)
);

CREATE TABLE stock_transfers (
  id bigserial PRIMARY KEY,
  client_id integer NOT NULL REFERENCES clients(id),
  transfer_no bigint NOT NULL CHECK (transfer_no > 0),
  from_branch_id integer NOT NULL,
  to_branch_id integer NOT NULL CHECK (to_branch_id <> from_branch_id),
  date date NOT NULL,
  memo text,
  total numeric(18,2) NOT NULL,
  status text NOT NULL DEFAULT 'Posted' CHECK (status IN ('Posted', 'Cancelled')),
  created_by integer,
  created_at timestamptz NOT NULL DEFAULT now(),
  cancelled_by integer,
  cancelled_at timestamptz,
  cancel_reason text,
  UNIQUE (client_id, id),
  UNIQUE (client_id, transfer_no),
  CHECK ((status = 'Cancelled') = (cancelled_at IS NOT NULL)),
  FOREIGN KEY (client_id, from_branch_id) REFERENCES branches(client_id, id),
  FOREIGN KEY (client_id, to_branch_id) REFERENCES branches(client_id, id),
  FOREIGN KEY (client_id, created_by) REFERENCES users(client_id, id),
  FOREIGN KEY (client_id, cancelled_by) REFERENCES users(client_id, id)
);

CREATE TABLE stock_transfer_lines (
  client_id integer NOT NULL REFERENCES clients(id),
  transfer_id bigint NOT NULL,
  position smallint NOT NULL CHECK (position BETWEEN 1 AND 500),
  item_id integer NOT NULL,
  quantity numeric(16,3) NOT NULL CHECK (quantity > 0),
  value numeric(18,2) NOT NULL CHECK (value >= 0),
  PRIMARY KEY (transfer_id, position),
  FOREIGN KEY (client_id, transfer_id) REFERENCES stock_transfers(client_id, id),
  FOREIGN KEY (client_id, item_id) REFERENCES items(client_id, id)
);

SELECT app_tenant_tables('stock_settings', 'items', 'stock_balances', 'stock_moves', 'stock_adjustments', 'stock_adjustment_lines', 'stock_transfers', 'stock_transfer_lines');

-- Documents are cancelled, never deleted; moves are append-only; balances follow the moves.
REVOKE DELETE, TRUNCATE ON items, stock_balances, stock_moves, stock_adjustments, stock_adjustment_lines, stock_transfers, stock_transfer_lines FROM ubo_app;
REVOKE UPDATE ON stock_moves FROM ubo_app;

-- The accounts stock documents post to, for organisations made before them (new ones get them from the
-- default chart): stock adjustments and losses, and the tax paid on purchases.
INSERT INTO accounts (client_id, code, name_en, name_so, type, subtype, currency, is_system)
SELECT c.id, x.code, x.name_en, x.name_so, x.type, x.subtype, coalesce(c.currency, 'USD'), true
FROM clients c
CROSS JOIN (VALUES
  ('5090', 'Stock adjustments and losses', 'Hagaajinta iyo khasaaraha bakhaarka', 'expense', 'cost_of_sales'),
  ('1320', 'Tax paid on purchases', 'Canshuurta laga bixiyay iibsiga', 'asset', 'tax')
) AS x(code, name_en, name_so, type, subtype)
WHERE EXISTS (SELECT 1 FROM accounts a WHERE a.client_id = c.id)
ON CONFLICT (client_id, code) DO NOTHING;
