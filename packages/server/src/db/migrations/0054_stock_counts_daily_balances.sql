-- Inventory counting, stock as at a date, and the accounts an item category gives its items (issue 14).
--
-- * stock_daily_balances: per item, branch and day on which stock moved, the stock at the end of that day
--   (quantity, value: everything moved on or before it) and what moved that day. Written by
--   writeStockMoves in the document's transaction, with the moves (one statement: the day's row is
--   upserted, and the later days of a back-dated move get its difference). Stock as at a date reads, per
--   item and branch, the last row on or before it: one index probe per pair, however many moves there are.
--   verifyStock checks the last row of each pair against stock_balances.
-- * stock_counts and stock_count_lines: a count sheet of one branch (all stocked goods or one category),
--   the system quantity and value frozen when it is started, the counted quantities entered since;
--   posting makes one stock adjustment of kind 'count' for counted minus frozen.
-- * item_category_accounts: the income, expense and inventory accounts an item category suggests for
--   its items (the item form fills them in; the item keeps its own).

CREATE TABLE stock_daily_balances (
  client_id integer NOT NULL REFERENCES clients(id),
  item_id integer NOT NULL,
  branch_id integer NOT NULL,
  day date NOT NULL,
  -- At the end of the day.
  quantity numeric(16,3) NOT NULL,
  value numeric(18,2) NOT NULL,
  -- Moved that day (signed).
  day_quantity numeric(16,3) NOT NULL,
  day_value numeric(18,2) NOT NULL,
  moves integer NOT NULL,
  PRIMARY KEY (client_id, item_id, branch_id, day),
  FOREIGN KEY (client_id, item_id) REFERENCES items(client_id, id),
  FOREIGN KEY (client_id, branch_id) REFERENCES branches(client_id, id)
);

-- The item transaction report reads an item's moves by date.
CREATE INDEX stock_moves_item_branch_date ON stock_moves(client_id, item_id, branch_id, moved_on, id);

INSERT INTO stock_daily_balances (client_id, item_id, branch_id, day, quantity, value, day_quantity, day_value, moves)
SELECT client_id, item_id, branch_id, moved_on,
       sum(sum(quantity)) OVER w, sum(sum(value)) OVER w, sum(quantity), sum(value), count(*)
FROM stock_moves
GROUP BY client_id, item_id, branch_id, moved_on
WINDOW w AS (PARTITION BY client_id, item_id, branch_id ORDER BY moved_on);

ALTER TABLE stock_adjustments DROP CONSTRAINT stock_adjustments_kind_check;
ALTER TABLE stock_adjustments ADD CONSTRAINT stock_adjustments_kind_check CHECK (kind IN ('opening', 'adjustment', 'count'));

CREATE TABLE stock_counts (
  id bigserial PRIMARY KEY,
  client_id integer NOT NULL REFERENCES clients(id),
  count_no bigint NOT NULL CHECK (count_no > 0),
  branch_id integer NOT NULL,
  category_id integer,
  -- The day counted: the adjustment's date.
  date date NOT NULL,
  memo text,
  status text NOT NULL DEFAULT 'Draft' CHECK (status IN ('Draft', 'Posted', 'Cancelled')),
  -- When the system quantities were frozen: the stock moves after it are not in them.
  started_at timestamptz NOT NULL DEFAULT now(),
  last_move_id bigint,
  adjustment_id bigint,
  created_by integer,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  posted_by integer,
  posted_at timestamptz,
  cancelled_by integer,
  cancelled_at timestamptz,
  cancel_reason text,
  UNIQUE (client_id, id),
  UNIQUE (client_id, count_no),
  CHECK ((status = 'Posted') = (posted_at IS NOT NULL)),
  CHECK ((status = 'Cancelled') = (cancelled_at IS NOT NULL)),
  FOREIGN KEY (client_id, branch_id) REFERENCES branches(client_id, id),
  FOREIGN KEY (client_id, category_id) REFERENCES categories(client_id, id),
  FOREIGN KEY (client_id, adjustment_id) REFERENCES stock_adjustments(client_id, id),
  FOREIGN KEY (client_id, created_by) REFERENCES users(client_id, id),
  FOREIGN KEY (client_id, posted_by) REFERENCES users(client_id, id),
  FOREIGN KEY (client_id, cancelled_by) REFERENCES users(client_id, id)
);
CREATE INDEX stock_counts_date ON stock_counts(client_id, date, id);

CREATE TABLE stock_count_lines (
  client_id integer NOT NULL REFERENCES clients(id),
  count_id bigint NOT NULL,
  position integer NOT NULL CHECK (position > 0),
  item_id integer NOT NULL,
  frozen_quantity numeric(16,3) NOT NULL,
  frozen_value numeric(18,2) NOT NULL,
  -- The average cost when frozen (the value of what the count finds).
  frozen_unit_cost numeric(20,6) NOT NULL CHECK (frozen_unit_cost >= 0),
  counted_quantity numeric(16,3) CHECK (counted_quantity IS NULL OR counted_quantity >= 0),
  PRIMARY KEY (count_id, item_id),
  UNIQUE (count_id, position),
  FOREIGN KEY (client_id, count_id) REFERENCES stock_counts(client_id, id),
  FOREIGN KEY (client_id, item_id) REFERENCES items(client_id, id)
);

CREATE TABLE item_category_accounts (
  client_id integer NOT NULL REFERENCES clients(id),
  category_id integer NOT NULL,
  income_account_id integer,
  expense_account_id integer,
  inventory_account_id integer,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (client_id, category_id),
  FOREIGN KEY (client_id, category_id) REFERENCES categories(client_id, id),
  FOREIGN KEY (client_id, income_account_id) REFERENCES accounts(client_id, id),
  FOREIGN KEY (client_id, expense_account_id) REFERENCES accounts(client_id, id),
  FOREIGN KEY (client_id, inventory_account_id) REFERENCES accounts(client_id, id)
);

SELECT app_tenant_tables('stock_daily_balances', 'stock_counts', 'stock_count_lines', 'item_category_accounts');
REVOKE DELETE, TRUNCATE ON stock_daily_balances, stock_counts, stock_count_lines, item_category_accounts FROM ubo_app;
