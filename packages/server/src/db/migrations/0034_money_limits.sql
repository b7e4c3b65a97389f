-- Money limits (issue 12). Each organisation has a per-document maximum: no posted money document
-- (journal entry, transfer, cheque, receipt, customer transfer, opening balance) nor a budget amount may
-- exceed it. The ledger checks it in the posting's own statement (post-journal.ts, post-journal-batch.ts),
-- reading it from this row like the lock date. The default is 1,000,000,000.00; the administrator may set
-- it up to the input format's ceiling (14 digits).
ALTER TABLE ledger_settings
  ADD COLUMN max_document_amount numeric(16,2) NOT NULL DEFAULT 1000000000.00
  CHECK (max_document_amount > 0 AND max_document_amount <= 99999999999999.99);

-- Balances hold sums of many documents, so no fixed precision can hold "every allowed posting": the
-- rollups become unconstrained numeric (two decimals still, every addend has two). Dropping the typmod is
-- binary coercible: no rewrite of the tables, only their CHECKs are validated again.
ALTER TABLE account_daily_balances ALTER COLUMN debit TYPE numeric, ALTER COLUMN credit TYPE numeric;
ALTER TABLE account_monthly_balances ALTER COLUMN debit TYPE numeric, ALTER COLUMN credit TYPE numeric;
ALTER TABLE customer_ledger_balances ALTER COLUMN debit TYPE numeric, ALTER COLUMN credit TYPE numeric;

-- Figures that are sums of documents too: a batch of receipts, an account's reconciled balances, a
-- year's closing totals.
ALTER TABLE payment_batches ALTER COLUMN total TYPE numeric;
ALTER TABLE reconciliations ALTER COLUMN ledger_balance TYPE numeric, ALTER COLUMN cleared_balance TYPE numeric;
ALTER TABLE period_closings ALTER COLUMN income_total TYPE numeric, ALTER COLUMN expense_total TYPE numeric, ALTER COLUMN net_income TYPE numeric;

-- A customer's opening balance is a document of its own: any amount the input format takes (14 digits)
-- must fit, so the per-document maximum refuses it with a field error before the column would.
ALTER TABLE customers ALTER COLUMN opening_balance TYPE numeric(16,2);
