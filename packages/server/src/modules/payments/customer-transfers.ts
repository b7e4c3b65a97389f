// Customer balance transfers (finance/c2c): POST posts one entry that credits the first customer's
// receivable and debits the second's by the amount (gapless number CT-000001, the receivable account
// unchanged), lets waiting credit meet open bills, and audits it; GET lists and reads them; cancel
// reverses the entry. A transfer moves what is owed: the first customer owes that much less (or has
// that much more credit), the second that much more. Both sides are open items of the transfer
// (migration 0046): the giving customer's is a settling item (their credit, applied to their open
// charges), the receiving customer's a charge due on the transfer's date that receipts pay like a bill.
// Cancelling cancels both items (what they paid or were paid by reopens) before the credit is reapplied.
import { type SQL, sql } from 'drizzle-orm';
import {
  CUSTOMER_TRANSFER_SERIES,
  type CustomerTransfer,
  type CustomerTransferInput,
  type CustomerTransferPage,
  type PaymentCancelBody,
  type customerTransferListQuery,
  translate,
  type z,
} from '@ubo/contracts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { documentNumber, money, nextDocumentNumber, postJournal, reverseJournal, systemAccountId } from '../../ledger/index.ts';
import { writeAudit } from '../../plugins/audit.ts';
import type { Actor } from '../../lib/actor.ts';
import { AppError, type FieldError, notFound } from '../../plugins/errors.ts';
import { addOpenItems, cancelOpenItem } from '../open-items/index.ts';
import { customerTransferPosting } from './customer-transfer.posting.ts';
import { CUSTOMER_TRANSFER_SOURCE_TYPE, applyCustomerCredit, holdLockDate, nextRowId, textOrNull, validationError } from './payments-common.ts';

interface TransferRow {
  id: string | number;
  transfer_no: string | number;
  date: string;
  amount: string;
  memo: string | null;
  status: 'Posted' | 'Cancelled';
  journal_entry_id: string | number;
  cancel_reason: string | null;
  cancelled_at: Date | string | null;
  created_at: Date | string;
  created_by: string | null;
  from_id: number;
  from_no: string;
  from_name: string;
  from_phone: string;
  to_id: number;
  to_no: string;
  to_name: string;
  to_phone: string;
  series: string;
  entry_no: string | number;
  cancel_id: string | number | null;
  cancel_series: string | null;
  cancel_no: string | number | null;
}

const select = sql`
  select t.id, t.transfer_no, t.date::text as date, t.amount::text as amount, t.memo, t.status, t.journal_entry_id, t.cancel_reason,
         t.cancelled_at, t.created_at, u.fullname as created_by,
         f.id as from_id, f.customer_no as from_no, f.name as from_name, f.phone as from_phone,
         o.id as to_id, o.customer_no as to_no, o.name as to_name, o.phone as to_phone,
         e.series, e.entry_no, r.id as cancel_id, r.series as cancel_series, r.entry_no as cancel_no
  from customer_transfers t
  join customers f on f.client_id = t.client_id and f.id = t.from_customer_id
  join customers o on o.client_id = t.client_id and o.id = t.to_customer_id
  join journal_entries e on e.client_id = t.client_id and e.id = t.journal_entry_id
  left join journal_entries r on r.client_id = t.client_id and r.id = t.reversal_entry_id
  left join users u on u.client_id = t.client_id and u.id = t.created_by`;

/** The open item kind of both sides of a transfer. */
export const TRANSFER_ITEM_KIND = 'transfer';

const iso = (v: Date | string) => new Date(v).toISOString();

function toTransfer(r: TransferRow): CustomerTransfer {
  return {
    id: Number(r.id),
    transferNo: Number(r.transfer_no),
    number: documentNumber(CUSTOMER_TRANSFER_SERIES, Number(r.transfer_no)),
    date: r.date,
    from: { id: Number(r.from_id), customerNo: r.from_no, name: r.from_name, phone: r.from_phone },
    to: { id: Number(r.to_id), customerNo: r.to_no, name: r.to_name, phone: r.to_phone },
    amount: money(r.amount),
    memo: r.memo,
    status: r.status,
    entryId: Number(r.journal_entry_id),
    entryNumber: documentNumber(r.series, Number(r.entry_no)),
    cancelEntryId: r.cancel_id === null ? null : Number(r.cancel_id),
    cancelEntryNumber: r.cancel_series === null ? null : documentNumber(r.cancel_series, Number(r.cancel_no)),
    cancelReason: r.cancel_reason,
    cancelledAt: r.cancelled_at === null ? null : iso(r.cancelled_at),
    createdBy: r.created_by,
    createdAt: iso(r.created_at),
  };
}

export async function getCustomerTransfer(opts: { tx: Db; clientId: number; id: number }): Promise<CustomerTransfer> {
  const [row] = await queryRows<TransferRow>(opts.tx, sql`${select} where t.client_id = ${opts.clientId} and t.id = ${opts.id}`);
  if (!row) throw notFound();
  return toTransfer(row);
}

export async function listCustomerTransfers(opts: {
  tx: Db;
  clientId: number;
  query: z.output<typeof customerTransferListQuery>;
}): Promise<CustomerTransferPage> {
  const { tx, clientId, query } = opts;
  const where: SQL[] = [sql`t.client_id = ${clientId}`];
  if (query.customerId) where.push(sql`(t.from_customer_id = ${query.customerId} or t.to_customer_id = ${query.customerId})`);
  if (query.startDate) where.push(sql`t.date >= ${query.startDate}::date`);
  if (query.endDate) where.push(sql`t.date <= ${query.endDate}::date`);
  if (query.status) where.push(sql`t.status = ${query.status}`);
  if (query.q) {
    const q = query.q.toLowerCase();
    const number = /^(ct-?)?0*(\d{1,15})$/i.exec(query.q.trim());
    where.push(sql`(strpos(lower(coalesce(t.memo, '')), ${q}) > 0 ${number ? sql`or t.transfer_no = ${Number(number[2])}` : sql``}
      or exists (select 1 from customers c where c.client_id = t.client_id and c.id in (t.from_customer_id, t.to_customer_id)
                 and (strpos(lower(c.name), ${q}) > 0 or lower(c.customer_no) = ${q})))`);
  }
  const condition = sql.join(where, sql` and `);
  const direction = query._order === 'asc' ? sql`asc` : sql`desc`;
  const rows = await queryRows<TransferRow>(
    tx,
    sql`
    ${select} where ${condition} order by t.date ${direction}, t.transfer_no ${direction}
    limit ${query._limit} offset ${(query._page - 1) * query._limit}`,
  );
  const [count] = await queryRows<{ n: number }>(tx, sql`select count(*)::int as n from customer_transfers t where ${condition}`);
  return { data: rows.map(toTransfer), total: count.n, page: query._page, limit: query._limit };
}

export async function postCustomerTransfer(opts: { tx: Db; actor: Actor; input: CustomerTransferInput }): Promise<CustomerTransfer> {
  const { tx, actor, input } = opts;
  const { clientId, userId } = actor;
  const found = await queryRows<{ id: number; customer_no: string; name: string }>(
    tx,
    sql`
    select id, customer_no, name from customers where client_id = ${clientId} and id in (${input.fromCustomerId}, ${input.toCustomerId})`,
  );
  const from = found.find((c) => Number(c.id) === input.fromCustomerId);
  const to = found.find((c) => Number(c.id) === input.toCustomerId);
  const errors: FieldError[] = [];
  if (!from) errors.push({ field: 'fromCustomerId', message: 'v.notFound' });
  if (!to) errors.push({ field: 'toCustomerId', message: 'v.notFound' });
  if (!from || !to) throw validationError(errors);

  await holdLockDate(tx, clientId);
  const transferNo = await nextDocumentNumber(tx, clientId, CUSTOMER_TRANSFER_SERIES);
  const number = documentNumber(CUSTOMER_TRANSFER_SERIES, transferNo);
  const id = await nextRowId(tx, 'customer_transfers');
  const receivableId = await systemAccountId(tx, clientId, 'receivable');
  const memo = textOrNull(input.memo);
  const entry = await postJournal(tx, {
    clientId,
    date: input.date,
    reference: number,
    memo: memo ?? translate('c2c.postingMemo', actor.lang, { n: number, from: `${from.customer_no} ${from.name}`, to: `${to.customer_no} ${to.name}` }),
    sourceType: CUSTOMER_TRANSFER_SOURCE_TYPE,
    sourceId: id,
    branchId: actor.branchId ?? null,
    userId,
    lines: customerTransferPosting({ receivableId, fromCustomerId: from.id, toCustomerId: to.id, amount: input.amount }),
    limitField: 'amount',
  });
  await tx.execute(sql`
    insert into customer_transfers (id, client_id, transfer_no, date, from_customer_id, to_customer_id, amount, memo, journal_entry_id, created_by)
    values (${id}, ${clientId}, ${transferNo}, ${input.date}::date, ${from.id}, ${to.id}, ${entry.total}::numeric, ${memo}, ${entry.id}, ${userId})`);
  const side = { accountId: receivableId, kind: TRANSFER_ITEM_KIND, sourceType: CUSTOMER_TRANSFER_SOURCE_TYPE, sourceId: id, number, date: input.date };
  await addOpenItems(tx, clientId, [
    { ...side, partyType: 'customer', partyId: from.id, side: 'credit', amount: entry.total, journalEntryId: entry.id },
    { ...side, partyType: 'customer', partyId: to.id, side: 'debit', amount: entry.total, journalEntryId: entry.id },
  ]);
  await applyCustomerCredit(tx, clientId, [from.id, to.id]);
  await writeAudit(tx, actor, {
    action: 'create',
    entity: 'customer-transfer',
    entityId: id,
    after: { number, date: input.date, from: from.customer_no, to: to.customer_no, amount: entry.total, memo, entry: entry.number },
  });
  return getCustomerTransfer({ tx, clientId, id });
}

export async function cancelCustomerTransfer(opts: { tx: Db; actor: Actor; id: number; input: PaymentCancelBody }): Promise<CustomerTransfer> {
  const { tx, actor, id, input } = opts;
  const { clientId, userId } = actor;
  const transfer = await getCustomerTransfer({ tx, clientId, id });
  const alreadyCancelled = () => new AppError(409, 'ALREADY_CANCELLED', 'c2c.alreadyCancelled');
  if (transfer.status === 'Cancelled') throw alreadyCancelled();
  const label = translate(`c2c.cancelMemo|${transfer.number}`, actor.lang);
  const reversal = await reverseJournal(tx, { clientId, entryId: transfer.entryId, date: input.date ?? null, userId, memo: `${label}: ${input.reason}` }).catch(
    (err: unknown) => {
      if (err instanceof AppError && err.code === 'ALREADY_REVERSED') throw alreadyCancelled();
      throw err;
    },
  );
  const items = await queryRows<{ id: string | number }>(
    tx,
    sql`
    select id from open_items
    where client_id = ${clientId} and source_type = ${CUSTOMER_TRANSFER_SOURCE_TYPE} and source_id = ${id} and status = 'Open' order by id`,
  );
  for (const item of items) await cancelOpenItem(tx, clientId, Number(item.id));
  await tx.execute(sql`
    update customer_transfers set status = 'Cancelled', reversal_entry_id = ${reversal.id}, cancelled_by = ${userId}, cancelled_at = now(),
           cancel_reason = ${input.reason}
    where client_id = ${clientId} and id = ${id}`);
  await applyCustomerCredit(tx, clientId, [transfer.from.id, transfer.to.id]);
  await writeAudit(tx, actor, {
    action: 'cancel',
    entity: 'customer-transfer',
    entityId: id,
    before: { status: 'Posted' },
    after: { status: 'Cancelled', reversal: reversal.number, date: reversal.date, reason: input.reason },
  });
  return getCustomerTransfer({ tx, clientId, id });
}
