// Vendor payments (Pay bill): POST /api/elc/vendor-payments checks the vendor, the paying account (an
// active cash, bank or mobile-money asset account: the accounts customer receipts go into), the hand
// allocation lines and the overpayment confirmation (field errors, nothing written), then posts the
// payment in the caller's transaction: the next PV number (gapless), one journal entry
// (vendor-payment.posting.ts), the row, its settling open item (kind vendor-payment, debit on the payable)
// and its allocations (exactly the lines given, or oldest first). The unallocated rest is the vendor's
// debit balance, credit its later bills take. Cancel reverses the entry and cancels the item (the bills
// it paid reopen; the vendor's other waiting credit may pay them). List, view and the pay screen's choices.
import { type SQL, sql } from 'drizzle-orm';
import {
  type Lang,
  VENDOR_PAYMENT_SERIES,
  type VendorPayment,
  type VendorPaymentCancelBody,
  type VendorPaymentChoices,
  type VendorPaymentDetail,
  type VendorPaymentInput,
  bdec,
  billMoney,
  receivingSubtypes,
  translate,
  type vendorPaymentListQuery,
  type z,
} from '@ubo/contracts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { documentNumber, holdLockDate, nextDocumentNumber, postJournal, reverseJournal } from '../../ledger/index.ts';
import type { Actor } from '../../lib/actor.ts';
import { containsPattern } from '../../lib/sql.ts';
import { writeAudit } from '../../plugins/audit.ts';
import { AppError, type FieldError, notFound } from '../../plugins/errors.ts';
import { type AllocationLine, addOpenItems, allocate, applyPartyCredit, cancelOpenItem, openItemOfDocument, unsettledItems } from '../open-items/index.ts';
import { vendorPaymentPosting } from './vendor-payment.posting.ts';
import { VENDOR_PAYMENT_KIND, VENDOR_PAYMENT_SOURCE_TYPE, payableAccountId, validationError, vendorParty } from './vendors-common.ts';

const textOrNull = (v: string | null | undefined) => v?.trim() || null;

/** The accounts a vendor is paid from: active cash, bank and mobile-money asset accounts. */
export async function vendorPaymentChoices(opts: { tx: Db; clientId: number; lang: Lang }): Promise<VendorPaymentChoices> {
  const name = sql.raw(opts.lang === 'so' ? 'name_so' : 'name_en');
  const subtypes = JSON.stringify(receivingSubtypes);
  const rows = await queryRows<{ id: number; code: string; name: string; subtype: 'cash' | 'bank' | 'mobile_money'; currency: string }>(
    opts.tx,
    sql`select id, code, ${name} as name, subtype, currency from accounts
        where client_id = ${opts.clientId} and status = 'Active' and type = 'asset'
          and subtype in (select json_array_elements_text(${subtypes}::json)) order by code`,
  );
  return { accounts: rows.map((r) => ({ id: Number(r.id), code: r.code, name: r.name, subtype: r.subtype, currency: r.currency })) };
}

async function checkPayingAccount(tx: Db, clientId: number, accountId: number): Promise<{ id: number; code: string } | FieldError> {
  const [a] = await queryRows<{ id: number; code: string; type: string; subtype: string; status: string }>(
    tx,
    sql`select id, code, type, subtype, status from accounts where client_id = ${clientId} and id = ${accountId}`,
  );
  if (!a) return { field: 'accountId', message: 'ledger.unknownAccount' };
  if (a.type !== 'asset' || a.status !== 'Active' || !(receivingSubtypes as readonly string[]).includes(a.subtype))
    return { field: 'accountId', message: 'vendors.notPayingAccount' };
  return { id: Number(a.id), code: a.code };
}

export async function payVendor(opts: { tx: Db; actor: Actor; input: VendorPaymentInput }): Promise<VendorPaymentDetail> {
  const { tx, actor, input } = opts;
  const { clientId, userId } = actor;
  const errors: FieldError[] = [];
  const [vendor] = await queryRows<{ id: number; number: string; name: string; status: string }>(
    tx,
    sql`select id, number, name, status from vendors where client_id = ${clientId} and id = ${input.vendorId}`,
  );
  if (!vendor) errors.push({ field: 'vendorId', message: 'v.notFound' });
  else if (vendor.status !== 'Active') errors.push({ field: 'vendorId', message: 'vendors.inactive' });
  const account = await checkPayingAccount(tx, clientId, input.accountId);
  if ('field' in account) errors.push(account);
  const payableId = await payableAccountId(tx, clientId);
  let lines: AllocationLine[] | undefined;
  if (vendor) {
    const open = await unsettledItems(tx, clientId, vendorParty(vendor.id, payableId), 'credit');
    const openTotal = open.reduce((s, i) => s.plus(i.open), bdec(0));
    if (bdec(input.amount).gt(openTotal) && !input.confirmOverpayment)
      errors.push({ field: 'amount', message: `vendors.overpayConfirm|${billMoney(openTotal)}` });
    if (input.allocations) {
      const byId = new Map(open.map((i) => [i.id, i]));
      lines = [];
      input.allocations.forEach((a, i) => {
        const item = byId.get(a.openItemId);
        if (!item) errors.push({ field: `allocations.${i}.openItemId`, message: 'vendors.billNotOpen' });
        else if (bdec(a.amount).gt(item.open)) errors.push({ field: `allocations.${i}.amount`, message: `vendors.allocationTooLarge|${item.open}` });
        else lines?.push({ itemId: item.id, amount: a.amount });
      });
    }
  }
  if (errors.length > 0 || !vendor || 'field' in account) throw validationError(errors);

  await holdLockDate(tx, clientId);
  const paymentNo = await nextDocumentNumber(tx, clientId, VENDOR_PAYMENT_SERIES);
  const number = documentNumber(VENDOR_PAYMENT_SERIES, paymentNo);
  const [{ id: rawId }] = await queryRows<{ id: string | number }>(tx, sql`select nextval(pg_get_serial_sequence('vendor_payments', 'id')) as id`);
  const id = Number(rawId);
  const reference = textOrNull(input.reference);
  const memo = textOrNull(input.memo);
  const entry = await postJournal(tx, {
    clientId,
    date: input.date,
    reference: number,
    memo: memo ?? translate('vendors.paymentMemo', actor.lang, { n: number, vendor: `${vendor.number} ${vendor.name}` }),
    sourceType: VENDOR_PAYMENT_SOURCE_TYPE,
    sourceId: id,
    branchId: actor.branchId ?? null,
    userId,
    lines: vendorPaymentPosting({ accountId: account.id, payableId, vendorId: vendor.id, amount: input.amount }),
    limitField: 'amount',
  });
  await tx.execute(sql`
    insert into vendor_payments (id, client_id, payment_no, vendor_id, date, amount, method, account_id, reference, memo, journal_entry_id, created_by)
    values (${id}, ${clientId}, ${paymentNo}, ${vendor.id}, ${input.date}::date, ${entry.total}::numeric, ${input.method}, ${account.id},
            ${reference}, ${memo}, ${entry.id}, ${userId})`);
  const [itemId] = await addOpenItems(tx, clientId, [
    {
      ...vendorParty(vendor.id, payableId),
      side: 'debit',
      kind: VENDOR_PAYMENT_KIND,
      sourceType: VENDOR_PAYMENT_SOURCE_TYPE,
      sourceId: id,
      number,
      date: input.date,
      amount: entry.total,
      journalEntryId: entry.id,
    },
  ]);
  const result = await allocate(tx, clientId, itemId, lines);
  if (result.refusals.length > 0) {
    // Paid or cancelled by another request between the check and the lock.
    throw validationError(
      result.refusals.map((r) =>
        r.reason === 'notOpen'
          ? { field: `allocations.${r.index}.openItemId`, message: 'vendors.billNotOpen' }
          : { field: `allocations.${r.index}.amount`, message: `vendors.allocationTooLarge|${r.open}` },
      ),
    );
  }
  // Another payment may have settled bills between the check and the lock: paid oldest first without the
  // confirmation, the amount must still go wholly to bills (else nothing is written).
  if (!lines && !input.confirmOverpayment && bdec(result.settled).lt(entry.total))
    throw validationError([{ field: 'amount', message: `vendors.overpayConfirm|${billMoney(result.settled)}` }]);
  await writeAudit(tx, actor, {
    action: 'create',
    entity: 'vendor-payment',
    entityId: id,
    after: {
      number,
      vendor: vendor.number,
      date: input.date,
      amount: entry.total,
      allocated: result.settled,
      method: input.method,
      account: account.code,
      reference,
      entry: entry.number,
    },
  });
  return getVendorPayment({ tx, clientId, lang: actor.lang, id });
}

export async function cancelVendorPayment(opts: { tx: Db; actor: Actor; id: number; input: VendorPaymentCancelBody }): Promise<VendorPaymentDetail> {
  const { tx, actor, id, input } = opts;
  const { clientId, userId } = actor;
  const payment = await getVendorPayment({ tx, clientId, lang: actor.lang, id });
  const already = () => new AppError(409, 'ALREADY_CANCELLED', 'vendors.paymentCancelled');
  if (payment.status === 'Cancelled') throw already();
  const reversal = await reverseJournal(tx, {
    clientId,
    entryId: payment.entryId,
    date: input.date ?? null,
    userId,
    memo: `${translate('vendors.paymentCancelMemo', actor.lang, { n: payment.number })}: ${input.reason}`,
  }).catch((err: unknown) => {
    if (err instanceof AppError && err.code === 'ALREADY_REVERSED') throw already();
    throw err;
  });
  const item = await openItemOfDocument(tx, clientId, VENDOR_PAYMENT_SOURCE_TYPE, id);
  if (item) await cancelOpenItem(tx, clientId, item.id);
  await tx.execute(sql`
    update vendor_payments set status = 'Cancelled', reversal_entry_id = ${reversal.id}, cancelled_by = ${userId}, cancelled_at = now(),
           cancel_reason = ${input.reason}
    where client_id = ${clientId} and id = ${id}`);
  const payableId = await payableAccountId(tx, clientId);
  await applyPartyCredit(tx, clientId, [vendorParty(payment.vendor.id, payableId)]);
  await writeAudit(tx, actor, {
    action: 'cancel',
    entity: 'vendor-payment',
    entityId: id,
    before: { status: 'Posted', allocated: payment.allocated, allocations: payment.allocations.map((a) => ({ bill: a.number, amount: a.amount })) },
    after: { status: 'Cancelled', reversal: reversal.number, date: reversal.date, reason: input.reason },
  });
  return getVendorPayment({ tx, clientId, lang: actor.lang, id });
}

interface PaymentRow {
  id: string | number;
  payment_no: string | number;
  vendor_id: number;
  vendor_number: string;
  vendor_name: string;
  date: string;
  amount: string;
  allocated: string | null;
  method: VendorPayment['method'];
  account_id: number;
  account_code: string;
  account_name: string;
  reference: string | null;
  memo: string | null;
  status: VendorPayment['status'];
  journal_entry_id: string | number;
  entry_series: string;
  entry_no: string | number;
  reversal_series: string | null;
  reversal_no: string | number | null;
  cancel_reason: string | null;
  created_by: string | null;
  created_at: string | Date;
}

function selectPayments(clientId: number, lang: Lang, where: SQL, tail: SQL): SQL {
  const accountName = sql.raw(lang === 'so' ? 'a.name_so' : 'a.name_en');
  return sql`
    select p.id, p.payment_no, p.vendor_id, v.number as vendor_number, v.name as vendor_name, p.date::text as date, p.amount::text as amount,
           o.settled::text as allocated, p.method, p.account_id, a.code as account_code, ${accountName} as account_name, p.reference, p.memo,
           p.status, p.journal_entry_id, e.series as entry_series, e.entry_no, r.series as reversal_series, r.entry_no as reversal_no,
           p.cancel_reason, u.fullname as created_by, p.created_at
    from vendor_payments p
    join vendors v on v.client_id = p.client_id and v.id = p.vendor_id
    join accounts a on a.client_id = p.client_id and a.id = p.account_id
    join journal_entries e on e.client_id = p.client_id and e.id = p.journal_entry_id
    left join journal_entries r on r.client_id = p.client_id and r.id = p.reversal_entry_id
    left join users u on u.client_id = p.client_id and u.id = p.created_by
    left join open_items o on o.client_id = p.client_id and o.source_type = ${VENDOR_PAYMENT_SOURCE_TYPE} and o.source_id = p.id and o.status = 'Open'
    where p.client_id = ${clientId} and ${where}
    ${tail}`;
}

function toPayment(r: PaymentRow): VendorPayment {
  const allocated = r.status === 'Posted' ? bdec(r.allocated ?? '0') : bdec(0);
  return {
    id: Number(r.id),
    number: documentNumber(VENDOR_PAYMENT_SERIES, Number(r.payment_no)),
    vendor: { id: Number(r.vendor_id), number: r.vendor_number, name: r.vendor_name },
    date: r.date,
    amount: billMoney(r.amount),
    allocated: billMoney(allocated),
    unallocated: billMoney(r.status === 'Posted' ? bdec(r.amount).minus(allocated) : bdec(0)),
    method: r.method,
    account: { id: Number(r.account_id), code: r.account_code, name: r.account_name },
    reference: r.reference,
    memo: r.memo,
    status: r.status,
    entryId: Number(r.journal_entry_id),
    entryNumber: documentNumber(r.entry_series, Number(r.entry_no)),
    reversalEntryNumber: r.reversal_series === null ? null : documentNumber(r.reversal_series, Number(r.reversal_no)),
    cancelReason: r.cancel_reason,
    createdBy: r.created_by,
    createdAt: new Date(r.created_at).toISOString(),
  };
}

export async function getVendorPayment(opts: { tx: Db; clientId: number; lang: Lang; id: number }): Promise<VendorPaymentDetail> {
  const { tx, clientId, lang, id } = opts;
  const [row] = await queryRows<PaymentRow>(tx, selectPayments(clientId, lang, sql`p.id = ${id}`, sql``));
  if (!row) throw notFound();
  const allocations = await queryRows<{ id: string | number; number: string; kind: string; date: string; amount: string }>(
    tx,
    sql`
    select c.id, c.number, c.kind, c.date::text as date, al.amount::text as amount
    from open_items o
    join open_item_allocations al on al.client_id = o.client_id and al.debit_item_id = o.id
    join open_items c on c.client_id = o.client_id and c.id = al.credit_item_id
    where o.client_id = ${clientId} and o.source_type = ${VENDOR_PAYMENT_SOURCE_TYPE} and o.source_id = ${id}
    order by c.date, c.id`,
  );
  return {
    ...toPayment(row),
    allocations: allocations.map((a) => ({ openItemId: Number(a.id), number: a.number, kind: a.kind, date: a.date, amount: billMoney(a.amount) })),
  };
}

const sortColumns: Record<string, string> = { number: 'p.payment_no', date: 'p.date', amount: 'p.amount' };

export async function listVendorPayments(opts: { tx: Db; clientId: number; lang: Lang; query: z.output<typeof vendorPaymentListQuery> }) {
  const { tx, clientId, lang, query } = opts;
  const filters: SQL[] = [sql`true`];
  if (query.vendorId) filters.push(sql`p.vendor_id = ${query.vendorId}`);
  if (query.accountId) filters.push(sql`p.account_id = ${query.accountId}`);
  if (query.status) filters.push(sql`p.status = ${query.status}`);
  if (query.startDate) filters.push(sql`p.date >= ${query.startDate}::date`);
  if (query.endDate) filters.push(sql`p.date <= ${query.endDate}::date`);
  if (query.q) {
    const pattern = containsPattern(query.q);
    const digits = query.q.replace(/^\s*pv\s*-?\s*/i, '');
    filters.push(
      sql`(v.name ilike ${pattern} or v.number ilike ${pattern} or p.reference ilike ${pattern}
           ${/^\d{1,15}$/.test(digits) ? sql`or p.payment_no = ${Number(digits)}` : sql``})`,
    );
  }
  const where = sql.join(filters, sql` and `);
  const direction = sql.raw(query._order === 'asc' ? 'asc' : 'desc');
  const order = sql.raw(sortColumns[query._sort ?? 'number'] ?? 'p.payment_no');
  const rows = await queryRows<PaymentRow>(
    tx,
    selectPayments(
      clientId,
      lang,
      where,
      sql`order by ${order} ${direction}, p.id ${direction} limit ${query._limit} offset ${(query._page - 1) * query._limit}`,
    ),
  );
  const [totals] = await queryRows<{ total: number; amount: string }>(
    tx,
    sql`select count(*)::int as total, coalesce(sum(p.amount) filter (where p.status = 'Posted'), 0)::text as amount
        from vendor_payments p join vendors v on v.client_id = p.client_id and v.id = p.vendor_id
        where p.client_id = ${clientId} and ${where}`,
  );
  return { data: rows.map(toPayment), total: Number(totals.total), page: query._page, limit: query._limit, totalAmount: billMoney(totals.amount) };
}
