// Paying an approved request (pay-request): the approved amount or less, from an active cash, bank or
// mobile-money account, debited to an active expense account (or, for a cash advance, an advance or
// receivable account other than the customer receivable). Checked field by field before anything is
// written; then, in the caller's transaction and under the request's row lock: the next RP number
// (gapless), one journal entry through the ledger door (request-payment.posting.ts), the payment row,
// and the request marked Fulfilled with kind 'payment' (fulfilRequest). Cancelling reverses the entry
// (reverseJournal), marks the payment Cancelled and gives the request back (Approved again).
import { sql } from 'drizzle-orm';
import {
  type Lang,
  REQUEST_PAYMENT_SERIES,
  type RequestDetail,
  type RequestPayChoices,
  type requestPayBody,
  type RequestPaymentCancelBody,
  receivingSubtypes,
  translate,
  type z,
} from '@ubo/contracts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { dec, documentNumber, holdLockDate, nextDocumentNumber, postJournal, reverseJournal, SYSTEM_ACCOUNTS } from '../../ledger/index.ts';
import type { Actor } from '../../lib/actor.ts';
import { writeAudit } from '../../plugins/audit.ts';
import { AppError, type FieldError, notFound } from '../../plugins/errors.ts';
import { fulfilRequest, releaseRequest } from './request-fulfilment.ts';
import { REQUEST_PAYMENT_SOURCE_TYPE, requestPaymentPosting } from './request-payment.posting.ts';
import { getRequest, lockRequest, refOf } from './requests-common.ts';

type PayInput = z.output<typeof requestPayBody>;

/** An advance or a receivable on the asset side: what a cash advance may be charged to. */
const advanceSubtypes = ['receivable', 'prepayment'] as const;

const validation = (errors: FieldError[]) => new AppError(400, 'VALIDATION', 'common.validation', errors);

interface AccountRow {
  id: number;
  code: string;
  name: string;
  type: string;
  subtype: string;
  status: string;
}

/** The paying accounts, the accounts a payment may be charged to, and the employee advances account. */
export async function requestPayChoices(opts: { tx: Db; clientId: number; lang: Lang }): Promise<RequestPayChoices> {
  const name = sql.raw(opts.lang === 'so' ? 'name_so' : 'name_en');
  const rows = await queryRows<AccountRow>(
    opts.tx,
    sql`select id, code, ${name} as name, type, subtype, status from accounts
        where client_id = ${opts.clientId} and status = 'Active' and type in ('asset', 'expense') order by code`,
  );
  const paying = rows.filter((a) => isPaying(a));
  const debit = rows.flatMap((a) => {
    const use = debitUse(a);
    return use ? [{ id: Number(a.id), code: a.code, name: a.name, use }] : [];
  });
  const advance = rows.find((a) => a.code === SYSTEM_ACCOUNTS.employeeAdvances);
  return {
    payingAccounts: paying.map((a) => ({ id: Number(a.id), code: a.code, name: a.name })),
    debitAccounts: debit,
    advanceAccountId: advance ? Number(advance.id) : null,
  };
}

function isPaying(a: AccountRow): boolean {
  return a.type === 'asset' && a.status === 'Active' && (receivingSubtypes as readonly string[]).includes(a.subtype);
}

function debitUse(a: AccountRow): 'expense' | 'advance' | null {
  if (a.status !== 'Active') return null;
  if (a.type === 'expense') return 'expense';
  if (a.type === 'asset' && (advanceSubtypes as readonly string[]).includes(a.subtype) && a.code !== SYSTEM_ACCOUNTS.receivable) return 'advance';
  return null;
}

async function readAccount(tx: Db, clientId: number, id: number): Promise<AccountRow | undefined> {
  const [a] = await queryRows<AccountRow>(
    tx,
    sql`select id, code, name_en as name, type, subtype, status from accounts where client_id = ${clientId} and id = ${id}`,
  );
  return a;
}

export async function payRequest(opts: { tx: Db; actor: Actor; id: number; input: PayInput }): Promise<RequestDetail> {
  const { tx, actor, id, input } = opts;
  const { clientId, userId } = actor;
  // The row lock first: a second payment, or a purchase made from the request meanwhile, waits and then sees Fulfilled.
  const row = await lockRequest(tx, id);
  const ref = refOf(row) ?? String(id);
  if (row.status !== 'Approved') throw new AppError(409, 'NOT_APPROVED', `requests.notApprovedToPay|${ref}`);
  const [{ amount: approved, type }] = await queryRows<{ amount: string; type: string }>(tx, sql`select amount::text, type from requests where id = ${id}`);
  const errors: FieldError[] = [];
  if (dec(input.amount).gt(approved)) errors.push({ field: 'amount', message: `requests.payTooMuch|${dec(approved).toFixed(2)}` });
  const paying = await readAccount(tx, clientId, input.accountId);
  if (!paying) errors.push({ field: 'accountId', message: 'ledger.unknownAccount' });
  else if (!isPaying(paying)) errors.push({ field: 'accountId', message: 'requests.notPayingAccount' });
  const debit = await readAccount(tx, clientId, input.debitAccountId);
  const use = debit ? debitUse(debit) : null;
  if (!debit) errors.push({ field: 'debitAccountId', message: 'ledger.unknownAccount' });
  else if (use === null || (use === 'advance' && type !== 'cash-advance'))
    errors.push({ field: 'debitAccountId', message: type === 'cash-advance' ? 'requests.notAdvanceAccount' : 'requests.notExpenseAccount' });
  if (errors.length > 0 || !paying || !debit) throw validation(errors);

  await holdLockDate(tx, clientId);
  const paymentNo = await nextDocumentNumber(tx, clientId, REQUEST_PAYMENT_SERIES);
  const number = documentNumber(REQUEST_PAYMENT_SERIES, paymentNo);
  const [{ id: rawId }] = await queryRows<{ id: string | number }>(tx, sql`select nextval(pg_get_serial_sequence('request_payments', 'id')) as id`);
  const paymentId = Number(rawId);
  const memo = input.memo ?? null;
  const entry = await postJournal(tx, {
    clientId,
    date: input.date,
    reference: number,
    memo: memo ?? translate('requests.paymentMemo', actor.lang, { n: number, m: ref }),
    sourceType: REQUEST_PAYMENT_SOURCE_TYPE,
    sourceId: paymentId,
    branchId: actor.branchId ?? null,
    userId,
    lines: requestPaymentPosting({ accountId: Number(paying.id), debitAccountId: Number(debit.id), amount: input.amount }),
    limitField: 'amount',
  });
  await tx.execute(sql`
    insert into request_payments (id, client_id, request_id, payment_no, date, amount, account_id, debit_account_id, memo, journal_entry_id, created_by)
    values (${paymentId}, ${clientId}, ${id}, ${paymentNo}, ${input.date}::date, ${entry.total}::numeric, ${Number(paying.id)}, ${Number(debit.id)},
            ${memo}, ${entry.id}, ${userId})`);
  await fulfilRequest({ tx, actor, requestId: id, outcome: { kind: 'payment', documentId: paymentId, number }, field: 'amount' });
  await writeAudit(tx, actor, {
    action: 'pay',
    entity: 'request-payment',
    entityId: paymentId,
    after: { number, request: ref, date: input.date, amount: entry.total, account: paying.code, debitAccount: debit.code, entry: entry.number },
  });
  return getRequest({ tx, id, lang: actor.lang });
}

export async function cancelRequestPayment(opts: { tx: Db; actor: Actor; paymentId: number; input: RequestPaymentCancelBody }): Promise<RequestDetail> {
  const { tx, actor, paymentId, input } = opts;
  const { clientId, userId } = actor;
  const [payment] = await queryRows<{ request_id: string; payment_no: number; status: string; journal_entry_id: string }>(
    tx,
    sql`select request_id, payment_no, status, journal_entry_id from request_payments where client_id = ${clientId} and id = ${paymentId} for update`,
  );
  if (!payment) throw notFound();
  const already = () => new AppError(409, 'ALREADY_CANCELLED', 'requests.paymentCancelled');
  if (payment.status === 'Cancelled') throw already();
  const requestId = Number(payment.request_id);
  await lockRequest(tx, requestId);
  const number = documentNumber(REQUEST_PAYMENT_SERIES, Number(payment.payment_no));
  const reversal = await reverseJournal(tx, {
    clientId,
    entryId: Number(payment.journal_entry_id),
    date: input.date ?? null,
    userId,
    memo: `${translate('requests.paymentCancelMemo', actor.lang, { n: number })}: ${input.reason}`,
  }).catch((err: unknown) => {
    if (err instanceof AppError && err.code === 'ALREADY_REVERSED') throw already();
    throw err;
  });
  await tx.execute(sql`
    update request_payments set status = 'Cancelled', reversal_entry_id = ${reversal.id}, cancelled_by = ${userId}, cancelled_at = now(),
           cancel_reason = ${input.reason}
    where client_id = ${clientId} and id = ${paymentId}`);
  await releaseRequest({ tx, actor, requestId, outcome: { kind: 'payment', documentId: paymentId } });
  await writeAudit(tx, actor, {
    action: 'cancel',
    entity: 'request-payment',
    entityId: paymentId,
    before: { number, status: 'Posted' },
    after: { status: 'Cancelled', reversal: reversal.number, date: reversal.date, reason: input.reason },
  });
  return getRequest({ tx, id: requestId, lang: actor.lang });
}
