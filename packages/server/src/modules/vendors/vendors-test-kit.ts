// Test helpers of the vendors tests (not part of the product): a vendor bill as the purchases module will
// post one (an expense debit against the vendor's payable, and its open item of kind 'vendor-bill'),
// account ids by code, and a snapshot of everything a vendor request could change, to prove a refused one
// changed nothing.
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/rows.ts';
import { inSystem } from '../../db/tenant.ts';
import { postJournal, systemAccountId } from '../../ledger/index.ts';
import type { TestContext } from '../../../test/harness.ts';
import { addOpenItems } from '../open-items/index.ts';

let billSerial = 0;

/** Posts a vendor bill of `amount` dated `date` (due `dueDate`): expense 5010 debit, payable credit naming the vendor. */
export async function postTestVendorBill(ctx: TestContext, clientId: number, vendorId: number, amount: string, date: string, dueDate = date) {
  billSerial += 1;
  const number = `TB-${billSerial}`;
  return inSystem(ctx.database.db, async (tx) => {
    const payable = await systemAccountId(tx, clientId, 'payable');
    const expense = await systemAccountId(tx, clientId, 'costOfSales');
    const entry = await postJournal(tx, {
      clientId,
      date,
      reference: number,
      memo: `Test bill ${number}`,
      sourceType: 'vendor-bill',
      sourceId: 900_000 + billSerial,
      lines: [
        { accountId: expense, debit: amount },
        { accountId: payable, credit: amount, partyType: 'vendor', partyId: vendorId },
      ],
    });
    const [itemId] = await addOpenItems(tx, clientId, [
      {
        partyType: 'vendor',
        partyId: vendorId,
        accountId: payable,
        side: 'credit',
        kind: 'vendor-bill',
        sourceType: 'vendor-bill',
        sourceId: 900_000 + billSerial,
        number,
        date,
        dueDate,
        amount,
        journalEntryId: entry.id,
      },
    ]);
    return { itemId, number, entryId: entry.id };
  });
}

export async function accountIdByCode(ctx: TestContext, clientId: number, code: string): Promise<number> {
  const [row] = await inSystem(ctx.database.db, (tx) =>
    queryRows<{ id: number }>(tx, sql`select id from accounts where client_id = ${clientId} and code = ${code}`),
  );
  return Number(row.id);
}

/** The balance of an account by code (debit less credit). */
export async function accountBalance(ctx: TestContext, clientId: number, code: string): Promise<string> {
  const [row] = await inSystem(ctx.database.db, (tx) =>
    queryRows<{ total: string }>(
      tx,
      sql`select coalesce(sum(l.debit - l.credit), 0)::numeric(20,2)::text as total from journal_lines l join accounts a on a.id = l.account_id
          where l.client_id = ${clientId} and a.code = ${code}`,
    ),
  );
  return row.total;
}

/** Everything a vendor or vendor payment request could write, as the owner. */
export async function vendorSnapshot(ctx: TestContext, clientId: number) {
  const [row] = await inSystem(ctx.database.db, (tx) =>
    queryRows<Record<string, string>>(
      tx,
      sql`
      select (select count(*) || ':' || coalesce(string_agg(number || status || name || opening_balance, ',' order by id), '') from vendors where client_id = ${clientId}) as vendors,
             (select count(*) || ':' || coalesce(string_agg(status, ',' order by id), '') from vendor_payments where client_id = ${clientId}) as payments,
             (select count(*) || ':' || coalesce(sum(amount), 0) from open_item_allocations where client_id = ${clientId}) as allocations,
             (select count(*) || ':' || coalesce(sum(settled), 0) || ':' || coalesce(string_agg(status, ',' order by id), '') from open_items where client_id = ${clientId}) as items,
             (select count(*)::text from journal_entries where client_id = ${clientId}) as entries,
             (select coalesce(string_agg(series || ':' || next_no, ',' order by series), '') from document_counters where client_id = ${clientId}) as counters,
             (select count(*)::text from audit_log where client_id = ${clientId}) as audit`,
    ),
  );
  return row;
}
