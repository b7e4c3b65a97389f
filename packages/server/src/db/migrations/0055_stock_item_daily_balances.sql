-- Stock as at a date of every item over all branches, from one row per item instead of one per item and
-- branch: stock_item_daily_balances is stock_daily_balances summed over the branches (the stock of the
-- item at the end of each day on which it moved anywhere). Written by writeStockMoves in the same
-- statement as the branch rows; the all-branches stock on hand probes it once per item (a third of the
-- probes with three branches). verifyStock checks it against the branch rows.
CREATE TABLE stock_item_daily_balances (
  client_id integer NOT NULL REFERENCES clients(id),
  item_id integer NOT NULL,
  day date NOT NULL,
  quantity numeric(16,3) NOT NULL,
  value numeric(18,2) NOT NULL,
  day_quantity numeric(16,3) NOT NULL,
  day_value numeric(18,2) NOT NULL,
  moves integer NOT NULL,
  PRIMARY KEY (client_id, item_id, day),
  FOREIGN KEY (client_id, item_id) REFERENCES items(client_id, id)
);

INSERT INTO stock_item_daily_balances (client_id, item_id, day, quantity, value, day_quantity, day_value, moves)
SELECT client_id, item_id, day, sum(sum(day_quantity)) OVER w, sum(sum(day_value)) OVER w, sum(day_quantity), sum(day_value), sum(moves)
FROM stock_daily_balances
GROUP BY client_id, item_id, day
WINDOW w AS (PARTITION BY client_id, item_id ORDER BY day);

SELECT app_tenant_tables('stock_item_daily_balances');
REVOKE DELETE, TRUNCATE ON stock_item_daily_balances FROM ubo_app;
