// The receivable invariant, for any test that posts to customer receivables (bills, payments, opening
// balances, balance transfers, and later invoices or credit notes): the sum of every customer's ledger
// balance equals the receivable account's balance (no receivable line without a customer), and each
// customer's ledger balance equals what their documents say: the posted opening balance, plus their open
// bills, minus their posted payments, plus transfers to them, minus transfers from them. Read as the
// owner (past row-level security). A module with other documents passes their effect per customer in
// `others`. It also checks the kept per-customer sums (customer_ledger_balances) against the lines, and
// that each customer's open items (bills, payments, ...) add up to the same balance.
import { sql } from 'drizzle-orm';
import Decimal from 'decimal.js';
import { expect } from 'vitest';
import type { Db } from '../src/db/client.ts';
import { queryRows } from '../src/db/rows.ts';
import { inSystem } from '../src/db/tenant.ts';
import { verifyLedger } from '../src/ledger/index.ts';

export interface ReceivableState {
  receivable: string;
  sumOfCustomers: string;
  /** customer id -> { ledger, documents } */
  customers: Record<string, { ledger: string; documents: string }>;
}

export async function receivableState(db: Db, clientId: number, others: Record<number, string> = {}): Promise<ReceivableState> {
  return inSystem(db, async (tx) => {
    const [account] = await queryRows<{ total: string; parties: string }>(
      tx,
      sql`
      select coalesce(sum(l.debit - l.credit), 0)::text as total,
             coalesce(sum(l.debit - l.credit) filter (where l.party_type = 'customer' and l.party_id is not null), 0)::text as parties
      from journal_lines l join accounts a on a.id = l.account_id
      where l.client_id = ${clientId} and a.client_id = ${clientId} and a.code = '1100'`,
    );
    const ledger = await queryRows<{ id: number; balance: string }>(
      tx,
      sql`
      select l.party_id as id, sum(l.debit - l.credit)::text as balance
      from journal_lines l join accounts a on a.id = l.account_id
      where l.client_id = ${clientId} and a.code = '1100' and l.party_type = 'customer' group by l.party_id`,
    );
    const documents = await queryRows<{ id: number; balance: string }>(
      tx,
      sql`
      select c.id,
             (case when c.opening_balance_posted then c.opening_balance else 0 end
              + coalesce((select sum(b.amount) from bills b where b.client_id = c.client_id and b.customer_id = c.id and b.status = 'Open'), 0)
              - coalesce((select sum(p.amount) from payments p where p.client_id = c.client_id and p.customer_id = c.id and p.status = 'Posted'), 0)
              + coalesce((select sum(t.amount) from customer_transfers t where t.client_id = c.client_id and t.to_customer_id = c.id and t.status = 'Posted'), 0)
              - coalesce((select sum(t.amount) from customer_transfers t where t.client_id = c.client_id and t.from_customer_id = c.id and t.status = 'Posted'), 0)
             )::text as balance
      from customers c where c.client_id = ${clientId}`,
    );
    const customers: ReceivableState['customers'] = {};
    for (const d of documents) {
      const extra = new Decimal(others[Number(d.id)] ?? 0);
      customers[String(d.id)] = { ledger: '0.00', documents: new Decimal(d.balance).plus(extra).toFixed(2) };
    }
    for (const l of ledger) {
      const entry = customers[String(l.id)] ?? { ledger: '0.00', documents: '0.00' };
      customers[String(l.id)] = { ...entry, ledger: new Decimal(l.balance).toFixed(2) };
    }
    return { receivable: new Decimal(account.total).toFixed(2), sumOfCustomers: new Decimal(account.parties).toFixed(2), customers };
  });
}

/**
 * The party subledger (open items, migration 0036) against the ledger, for every party of a type on one
 * control account: each party's ledger balance equals its open charges less its unallocated credit
 * (opening balances and balance transfers are items too since 0046; `others` adds what a test posts
 * outside items per party). Fails naming the parties that disagree; answers the balances' sum, which
 * the caller compares with the control account.
 */
export async function expectOpenItemsMatchLedger(
  db: Db,
  clientId: number,
  partyType: 'customer' | 'vendor' | 'employee',
  accountCode: string,
  others: Record<number, string> = {},
): Promise<string> {
  return inSystem(db, async (tx) => {
    const [account] = await queryRows<{ id: number; type: string }>(
      tx,
      sql`select id, type from accounts where client_id = ${clientId} and code = ${accountCode}`,
    );
    const sign = account.type === 'asset' || account.type === 'expense' ? 1 : -1;
    const charge = sign === 1 ? 'debit' : 'credit';
    const rows = await queryRows<{ id: number; ledger: string; items: string }>(
      tx,
      sql`
      with ledger as (
        select party_id as id, sum(debit - credit) * ${sign} as balance from journal_lines
        where client_id = ${clientId} and account_id = ${account.id} and party_type = ${partyType} group by party_id
      ), items as (
        select party_id as id, sum(case when side = ${charge} then amount - settled else settled - amount end) as open
        from open_items where client_id = ${clientId} and account_id = ${account.id} and party_type = ${partyType} and status = 'Open'
        group by party_id
      )
      select coalesce(l.id, i.id) as id, coalesce(l.balance, 0)::text as ledger, coalesce(i.open, 0)::text as items
      from ledger l full join items i on i.id = l.id`,
    );
    let sum = new Decimal(0);
    const wrong = rows
      .map((r) => {
        sum = sum.plus(r.ledger);
        const expected = new Decimal(r.items).plus(others[Number(r.id)] ?? 0);
        return { partyId: Number(r.id), ledger: new Decimal(r.ledger).toFixed(2), openItems: expected.toFixed(2) };
      })
      .filter((r) => r.ledger !== r.openItems);
    expect(wrong, `${partyType}s whose open items differ from their ledger balance on ${accountCode}`).toEqual([]);
    return sum.toFixed(2);
  });
}

/** Fails the test, naming the customers whose ledger and documents disagree. */
export async function expectReceivableMatchesCustomers(db: Db, clientId: number, others: Record<number, string> = {}): Promise<ReceivableState> {
  const state = await receivableState(db, clientId, others);
  expect(state.sumOfCustomers, 'sum of customer balances vs the receivable account').toBe(state.receivable);
  const wrong = Object.entries(state.customers)
    .filter(([, v]) => v.ledger !== v.documents)
    .map(([id, v]) => ({ customerId: Number(id), ...v }));
  expect(wrong, 'customers whose ledger balance differs from their documents').toEqual([]);
  // The kept per-customer sums (customer_ledger_balances) that bills, balances and the ageing read.
  const report = await inSystem(db, (tx) => verifyLedger(tx, { clientId, limit: 20 }));
  expect(report.customerBalanceDifferences, "customer_ledger_balances vs the customers' lines").toEqual([]);
  // The open items say the same per customer (a document of `others` is expected to have its open item;
  // one without an item is passed to expectOpenItemsMatchLedger directly).
  await expectOpenItemsMatchLedger(db, clientId, 'customer', '1100');
  return state;
}
