// POST /api/finance/payments/batch/match: each row of a typed grid or a statement file matched to a
// customer, by customer number first, then by phone (any notation: 0634411223, +252634411223,
// 252634411223 and 634411223 are one number). A row is matched, unmatched (no customer, or a phone
// several customers share: the candidates are listed), duplicate (its reference is already posted on
// the account, or an earlier row has it) or invalid (field errors, in the caller's language). Reads only.
import { sql } from 'drizzle-orm';
import {
  type BatchMatchResult,
  type BatchMatchedRow,
  type Lang,
  type PayerRef,
  RECEIPT_SERIES,
  bdec,
  billMoney,
  customerNumberOf,
  nationalPhone,
  calendarDate,
  positiveAmount,
  translate,
  z,
} from '@ubo/contracts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { documentNumber } from '../../ledger/index.ts';

export interface MatchInputRow {
  reference: string;
  customer: string;
  amount: string;
  date: string;
  line: number | null;
}

// A row is checked with the rules of a single payment (amount > 0, real date, reference length).
const rowRules = z.object({ amount: positiveAmount, date: calendarDate });
const MAX_REFERENCE = 100;

interface CustomerRow {
  id: number;
  customer_no: string;
  name: string;
  phone: string;
  national: string;
}

const ref = (c: CustomerRow): PayerRef => ({ id: Number(c.id), customerNo: c.customer_no, name: c.name, phone: c.phone });

export async function matchBatch(opts: { tx: Db; clientId: number; lang: Lang; accountId?: number; rows: MatchInputRow[] }): Promise<BatchMatchResult> {
  const { tx, clientId, lang, rows } = opts;
  const numbers = [...new Set(rows.map((r) => customerNumberOf(r.customer)).filter((n): n is string => n !== null))];
  const phones = [...new Set(rows.map((r) => nationalPhone(r.customer)).filter((n): n is string => n !== null))];
  const customers =
    numbers.length + phones.length === 0
      ? []
      : await queryRows<CustomerRow>(
          tx,
          sql`
          select id, customer_no, name, phone, national from (
            select id, customer_no, name, phone, status,
                   regexp_replace(regexp_replace(phone, '\\D', '', 'g'), '^(00252|252|0)', '') as national
            from customers where client_id = ${clientId}) c
          where customer_no in (select jsonb_array_elements_text(${JSON.stringify(numbers)}::jsonb))
             or national in (select jsonb_array_elements_text(${JSON.stringify(phones)}::jsonb))
          order by status = 'Active' desc, id`,
        );
  const byNumber = new Map(customers.map((c) => [c.customer_no, c]));
  const byPhone = new Map<string, CustomerRow[]>();
  for (const c of customers) byPhone.set(c.national, [...(byPhone.get(c.national) ?? []), c]);

  const references = [...new Set(rows.map((r) => r.reference.trim().toLowerCase()).filter((r) => r !== ''))];
  const posted =
    references.length === 0
      ? []
      : await queryRows<{ key: string; id: string | number; receipt_no: string | number }>(
          tx,
          sql`
          select distinct on (lower(reference)) lower(reference) as key, id, receipt_no from payments
          where client_id = ${clientId} and status = 'Posted'
            and lower(reference) in (select jsonb_array_elements_text(${JSON.stringify(references)}::jsonb))
            ${opts.accountId ? sql`and account_id = ${opts.accountId}` : sql``}
          order by lower(reference), id`,
        );
  const postedByRef = new Map(posted.map((p) => [p.key, p]));
  const firstRow = new Map<string, number>();

  const out: BatchMatchedRow[] = rows.map((r, i) => {
    const errors: Array<{ field: string; message: string }> = [];
    const say = (field: string, key: string) => errors.push({ field, message: translate(key, lang) });
    const reference = r.reference.trim();
    if (reference === '') say('reference', 'v.required');
    else if (reference.length > MAX_REFERENCE) say('reference', `v.maxLength|${MAX_REFERENCE}`);
    const checked = rowRules.safeParse({ amount: r.amount.trim(), date: r.date.trim() });
    if (r.amount.trim() === '') say('amount', 'payments.noAmount');
    else if (!checked.success) for (const issue of checked.error.issues.filter((x) => x.path[0] === 'amount')) say('amount', issue.message);
    if (!checked.success) for (const issue of checked.error.issues.filter((x) => x.path[0] === 'date')) say('date', issue.message);

    let customer: CustomerRow | null = null;
    let matchedBy: BatchMatchedRow['matchedBy'] = null;
    let candidates: PayerRef[] = [];
    const number = customerNumberOf(r.customer);
    const phone = nationalPhone(r.customer);
    if (r.customer.trim() === '') say('customer', 'payments.noCustomer');
    else if (number && byNumber.has(number)) {
      customer = byNumber.get(number) ?? null;
      matchedBy = 'customerNo';
    } else if (phone && (byPhone.get(phone)?.length ?? 0) === 1) {
      customer = byPhone.get(phone)?.[0] ?? null;
      matchedBy = 'phone';
    } else if (phone && (byPhone.get(phone)?.length ?? 0) > 1) {
      candidates = (byPhone.get(phone) ?? []).map(ref);
      say('customer', 'payments.severalCustomers');
    } else say('customer', 'payments.customerNotFound');

    let duplicateOf: BatchMatchedRow['duplicateOf'] = null;
    const key = reference.toLowerCase();
    if (key !== '') {
      const earlier = firstRow.get(key);
      const before = postedByRef.get(key);
      if (before) {
        const receipt = documentNumber(RECEIPT_SERIES, Number(before.receipt_no));
        duplicateOf = { paymentId: Number(before.id), number: receipt, row: null };
        say('reference', `payments.duplicateReference|${receipt}`);
      } else if (earlier !== undefined) {
        duplicateOf = { paymentId: null, number: null, row: earlier };
        say('reference', 'payments.repeatedReference');
      } else firstRow.set(key, i);
    }

    const isInvalid =
      errors.some((e) => e.field === 'amount' || e.field === 'date') || reference === '' || reference.length > MAX_REFERENCE || r.customer.trim() === '';
    const status: BatchMatchedRow['status'] = isInvalid ? 'invalid' : duplicateOf ? 'duplicate' : customer ? 'matched' : 'unmatched';
    return {
      row: i,
      line: r.line,
      reference,
      customerText: r.customer.trim(),
      amount: r.amount.trim(),
      date: r.date.trim(),
      status,
      matchedBy,
      customer: customer ? ref(customer) : null,
      candidates,
      duplicateOf,
      errors,
    };
  });

  const count = (s: BatchMatchedRow['status']) => out.filter((r) => r.status === s).length;
  const matchedAmount = out.filter((r) => r.status === 'matched').reduce((sum, r) => sum.plus(r.amount), bdec(0));
  return {
    rows: out,
    totals: {
      rows: out.length,
      matched: count('matched'),
      unmatched: count('unmatched'),
      duplicate: count('duplicate'),
      invalid: count('invalid'),
      matchedAmount: billMoney(matchedAmount),
    },
  };
}
