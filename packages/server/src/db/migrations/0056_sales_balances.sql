-- Sales balance rows (issue 14): what the posted sales (invoices and cash sales less returns) add up to per
-- organisation, day, branch, customer and item (or a free line's income account): quantity, revenue before
-- tax (net less discount), cost at the stock's cost, and how many document lines make it up. Kept by the
-- sales module (sales-balances.ts) in the document's transaction: posting a sale adds its lines, posting a
-- return subtracts its lines' figures, cancelling either takes back exactly what its posting added (the
-- line count goes +1 on post, -1 on cancel, so a group whose lines were all cancelled drops out of the
-- report as it did when the report read the documents). The sales activity report reads these rows
-- instead of the documents; salesBalanceDifferences (verify-ledger, the tests) checks them against them.
CREATE TABLE sales_balances (
  client_id integer NOT NULL REFERENCES clients(id),
  day date NOT NULL,
  branch_id integer NOT NULL,
  customer_id integer NOT NULL,
  item_id integer,
  -- A free line's income account; null on an item's row (the item is the key).
  account_id integer,
  quantity numeric(20,3) NOT NULL,
  revenue numeric(20,2) NOT NULL,
  cost numeric(20,2) NOT NULL,
  -- (no CHECK >= 0: the proposed row of a cancellation carries -n before it meets its row)
  lines integer NOT NULL,
  CHECK ((item_id IS NULL) <> (account_id IS NULL)),
  -- One row per key; an item's row and a free line's row differ by which of the two is null.
  UNIQUE NULLS NOT DISTINCT (client_id, day, branch_id, customer_id, item_id, account_id),
  FOREIGN KEY (client_id, branch_id) REFERENCES branches(client_id, id),
  FOREIGN KEY (client_id, customer_id) REFERENCES customers(client_id, id),
  FOREIGN KEY (client_id, item_id) REFERENCES items(client_id, id),
  FOREIGN KEY (client_id, account_id) REFERENCES accounts(client_id, id)
);

-- The sales already posted.
INSERT INTO sales_balances (client_id, day, branch_id, customer_id, item_id, account_id, quantity, revenue, cost, lines)
SELECT d.client_id, d.date, d.branch_id, d.customer_id, l.item_id, CASE WHEN l.item_id IS NULL THEN l.account_id END,
       sum(CASE WHEN d.kind = 'return' THEN -l.quantity ELSE l.quantity END),
       sum(CASE WHEN d.kind = 'return' THEN -(l.net - l.discount) ELSE l.net - l.discount END),
       sum(CASE WHEN d.kind = 'return' THEN -l.cost ELSE l.cost END),
       count(*)
FROM sales_documents d JOIN sales_document_lines l ON l.document_id = d.id
WHERE d.kind IN ('invoice', 'receipt', 'return') AND d.status = 'Posted'
GROUP BY 1, 2, 3, 4, 5, 6;

SELECT app_tenant_tables('sales_balances');
REVOKE DELETE, TRUNCATE ON sales_balances FROM ubo_app;
