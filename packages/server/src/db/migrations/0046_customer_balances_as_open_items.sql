-- Customer opening balances and customer-to-customer balance transfers become open items (0036 kept
-- them as balances of the receivable outside any item). An opening debt is a charge of its own kind
-- ('opening', due on its date) that receipts pay oldest first like a bill; an opening credit is a
-- settling item, the customer's credit, applied to their next charges. A transfer is two items of one
-- document: the giving customer's settling item (credit, applied to their charges) and the receiving
-- customer's charge (due on the transfer's date). A cancelled transfer's items are cancelled.
--
-- Existing rows are written here from their own journal lines (the receivable line naming the
-- customer), so every customer's open items still sum to their ledger balance; then each customer's
-- waiting credit is applied (open_items_apply_credit), as it would have been had the items been there.
-- Nothing else changes: no new table, trigger or function.

-- 1. Opening balances: the receivable line of the customer's opening entry (one per customer; an entry
-- reversed by hand in the journal leaves a cancelled item, the reversal having undone its line).
INSERT INTO open_items (client_id, party_type, party_id, account_id, side, kind, source_type, source_id, number, date, due_date,
                        amount, settled, status, journal_entry_id, created_at)
SELECT e.client_id, 'customer', l.party_id, l.account_id,
       CASE WHEN l.debit > l.credit THEN 'debit' ELSE 'credit' END, 'opening', 'customer-opening', e.source_id, c.customer_no,
       e.date, e.date, abs(l.debit - l.credit), 0, CASE WHEN e.reversed_by_id IS NULL THEN 'Open' ELSE 'Cancelled' END, e.id, e.created_at
FROM journal_entries e
JOIN journal_lines l ON l.client_id = e.client_id AND l.entry_id = e.id AND l.party_type = 'customer' AND l.party_id = e.source_id
JOIN accounts a ON a.id = l.account_id AND a.client_id = e.client_id AND a.code = '1100'
JOIN customers c ON c.client_id = e.client_id AND c.id = e.source_id
WHERE e.source_type = 'customer-opening' AND e.reverses_id IS NULL AND l.debit <> l.credit
  AND NOT EXISTS (SELECT 1 FROM open_items o WHERE o.client_id = e.client_id AND o.source_type = 'customer-opening' AND o.source_id = e.source_id)
ORDER BY e.client_id, e.date, e.id;

-- 2. Balance transfers: one item per customer line of the transfer's entry (credit: the giving customer,
-- debit: the receiving one), numbered as the transfer (CT-000001).
INSERT INTO open_items (client_id, party_type, party_id, account_id, side, kind, source_type, source_id, number, date, due_date,
                        amount, settled, status, journal_entry_id, created_at)
SELECT t.client_id, 'customer', l.party_id, l.account_id,
       CASE WHEN l.debit > l.credit THEN 'debit' ELSE 'credit' END, 'transfer', 'customer-transfer', t.id,
       'CT-' || lpad(t.transfer_no::text, greatest(6, length(t.transfer_no::text)), '0'),
       t.date, t.date, abs(l.debit - l.credit), 0, CASE WHEN t.status = 'Posted' THEN 'Open' ELSE 'Cancelled' END, t.journal_entry_id, t.created_at
FROM customer_transfers t
JOIN journal_lines l ON l.client_id = t.client_id AND l.entry_id = t.journal_entry_id AND l.party_type = 'customer'
JOIN accounts a ON a.id = l.account_id AND a.client_id = t.client_id AND a.code = '1100'
WHERE l.debit <> l.credit
  AND NOT EXISTS (SELECT 1 FROM open_items o WHERE o.client_id = t.client_id AND o.source_type = 'customer-transfer' AND o.source_id = t.id)
ORDER BY t.client_id, t.date, t.transfer_no, l.debit;

-- 3. Waiting credit meets open charges, customer by customer (in key order, as applyPartyCredit does):
-- every customer with an unsettled settling item and an unsettled charge on the receivable.
DO $$
DECLARE p record;
BEGIN
  FOR p IN
    SELECT DISTINCT s.client_id, s.party_id, s.account_id
    FROM open_items s
    JOIN accounts a ON a.id = s.account_id AND a.client_id = s.client_id AND a.code = '1100'
    WHERE s.party_type = 'customer' AND s.side = 'credit' AND s.status = 'Open' AND s.settled < s.amount
      AND EXISTS (SELECT 1 FROM open_items c
                  WHERE c.client_id = s.client_id AND c.account_id = s.account_id AND c.side = 'debit' AND c.party_type = 'customer'
                    AND c.party_id = s.party_id AND c.status = 'Open' AND c.settled < c.amount)
    ORDER BY s.client_id, s.party_id, s.account_id
  LOOP
    PERFORM open_items_apply_credit(p.client_id, 'customer', p.party_id, p.account_id);
  END LOOP;
END $$;

-- 4. The subledger still agrees with the ledger for every customer this changed: their open items
-- (charges open less credit free) are the lines of their documents that have items (a journal line
-- naming a customer by hand stays outside items, and outside this check).
DO $$
DECLARE bad record;
BEGIN
  SELECT x.client_id, x.party_id, x.items, x.lines INTO bad
  FROM (
    SELECT i.client_id, i.party_id, i.items, coalesce(sum(l.debit - l.credit), 0) AS lines
    FROM (SELECT o.client_id, o.party_id, o.account_id,
                 sum(CASE WHEN o.side = 'debit' THEN o.amount - o.settled ELSE o.settled - o.amount END) AS items
          FROM open_items o JOIN accounts a ON a.id = o.account_id AND a.client_id = o.client_id AND a.code = '1100'
          WHERE o.party_type = 'customer' AND o.status = 'Open'
            AND EXISTS (SELECT 1 FROM open_items m WHERE m.client_id = o.client_id AND m.party_type = 'customer' AND m.party_id = o.party_id
                          AND m.source_type IN ('customer-opening', 'customer-transfer'))
          GROUP BY 1, 2, 3) i
    LEFT JOIN journal_lines l ON l.client_id = i.client_id AND l.account_id = i.account_id AND l.party_type = 'customer' AND l.party_id = i.party_id
      AND EXISTS (SELECT 1 FROM journal_entries e WHERE e.id = l.entry_id
                    AND e.source_type IN ('bill', 'payment', 'customer-opening', 'customer-transfer'))
    GROUP BY 1, 2, 3
  ) x
  WHERE x.items <> x.lines
  LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'open items: customer % of organisation % has open items of % but document lines of %', bad.party_id, bad.client_id, bad.items, bad.lines;
  END IF;
END $$;
