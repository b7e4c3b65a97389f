// What every requests service shares: reading a request (with its people's names and its steps), locking
// it for a change, and the reference format. Reads run under the tenant's row-level security.
import { sql } from 'drizzle-orm';
import { formatRequestRef, type Lang, REQUEST_PAYMENT_SERIES, type Request, type RequestDetail, type RequestPayment } from '@ubo/contracts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { dec, documentNumber } from '../../ledger/index.ts';
import { notFound } from '../../plugins/errors.ts';

export interface RequestRow {
  id: string;
  type: Request['type'];
  status: Request['status'];
  requester_id: number;
  requester_name: string;
  branch_id: number;
  branch_name: string;
  department: string | null;
  purpose: string;
  needed_by: string | null;
  amount: string;
  ref_year: number | null;
  ref_no: number | null;
  created_at: string | Date;
  submitted_at: string | Date | null;
  first_approved_by: number | null;
  first_approved_name: string | null;
  first_approved_at: string | Date | null;
  approved_by: number | null;
  approved_name: string | null;
  approved_at: string | Date | null;
  rejected_by: number | null;
  rejected_name: string | null;
  rejected_at: string | Date | null;
  rejected_stage: 'first' | 'final' | null;
  rejection_reason: string | null;
  fulfilled_by: number | null;
  fulfilled_name: string | null;
  fulfilled_at: string | Date | null;
  fulfilled_kind: Request['fulfilled']['kind'];
  fulfilled_id: string | null;
  fulfilled_number: string | null;
}

export const selectRequests = sql`
  select r.id, r.type, r.status, r.requester_id, ur.fullname as requester_name, r.branch_id, br.name as branch_name, r.department,
         r.purpose, r.needed_by::text, r.amount::text, r.ref_year, r.ref_no, r.created_at, r.submitted_at,
         r.first_approved_by, uf.fullname as first_approved_name, r.first_approved_at,
         r.approved_by, ua.fullname as approved_name, r.approved_at,
         r.rejected_by, uj.fullname as rejected_name, r.rejected_at, r.rejected_stage, r.rejection_reason,
         r.fulfilled_by, ux.fullname as fulfilled_name, r.fulfilled_at, r.fulfilled_kind, r.fulfilled_id, r.fulfilled_number
  from requests r
  join users ur on ur.id = r.requester_id
  join branches br on br.id = r.branch_id
  left join users uf on uf.id = r.first_approved_by
  left join users ua on ua.id = r.approved_by
  left join users uj on uj.id = r.rejected_by
  left join users ux on ux.id = r.fulfilled_by`;

const iso = (v: string | Date | null) => (v === null ? null : new Date(v).toISOString());

export function refOf(r: { ref_year: number | null; ref_no: number | null }): string | null {
  return r.ref_year === null || r.ref_no === null ? null : formatRequestRef(Number(r.ref_year), Number(r.ref_no));
}

export function toRequest(r: RequestRow): Request {
  const num = (v: number | null) => (v === null ? null : Number(v));
  return {
    id: Number(r.id),
    refNo: refOf(r),
    type: r.type,
    status: r.status,
    requesterId: Number(r.requester_id),
    requesterName: r.requester_name,
    branchId: Number(r.branch_id),
    branchName: r.branch_name,
    department: r.department,
    purpose: r.purpose,
    neededBy: r.needed_by,
    amount: dec(r.amount).toFixed(2),
    createdAt: new Date(r.created_at).toISOString(),
    submitted: { byId: r.submitted_at ? Number(r.requester_id) : null, byName: r.submitted_at ? r.requester_name : null, at: iso(r.submitted_at) },
    firstApproved: { byId: num(r.first_approved_by), byName: r.first_approved_name, at: iso(r.first_approved_at) },
    approved: { byId: num(r.approved_by), byName: r.approved_name, at: iso(r.approved_at) },
    rejected: {
      byId: num(r.rejected_by),
      byName: r.rejected_name,
      at: iso(r.rejected_at),
      stage: r.rejected_stage,
      reason: r.rejection_reason,
    },
    fulfilled: {
      byId: num(r.fulfilled_by),
      byName: r.fulfilled_name,
      at: iso(r.fulfilled_at),
      kind: r.fulfilled_kind,
      documentId: r.fulfilled_id === null ? null : Number(r.fulfilled_id),
      number: r.fulfilled_number,
    },
  };
}

/** The payments made for a request (a cancelled one stays, with its reversal), oldest first. */
export async function requestPayments(tx: Db, requestId: number, lang: Lang): Promise<RequestPayment[]> {
  const name = sql.raw(lang === 'so' ? 'name_so' : 'name_en');
  const rows = await queryRows<{
    id: string;
    payment_no: number;
    date: string;
    amount: string;
    account_id: number;
    account_code: string;
    account_name: string;
    debit_account_id: number;
    debit_code: string;
    debit_name: string;
    memo: string | null;
    status: 'Posted' | 'Cancelled';
    journal_entry_id: string;
    entry_series: string;
    entry_no: number;
    reversal_entry_id: string | null;
    reversal_series: string | null;
    reversal_no: number | null;
    created_name: string | null;
    created_at: string | Date;
    cancelled_name: string | null;
    cancelled_at: string | Date | null;
    cancel_reason: string | null;
  }>(
    tx,
    sql`select p.id, p.payment_no, p.date::text, p.amount::text, p.account_id, a.code as account_code, a.${name} as account_name,
               p.debit_account_id, d.code as debit_code, d.${name} as debit_name, p.memo, p.status,
               p.journal_entry_id, e.series as entry_series, e.entry_no, p.reversal_entry_id, r.series as reversal_series, r.entry_no as reversal_no,
               uc.fullname as created_name, p.created_at, ux.fullname as cancelled_name, p.cancelled_at, p.cancel_reason
        from request_payments p
        join accounts a on a.client_id = p.client_id and a.id = p.account_id
        join accounts d on d.client_id = p.client_id and d.id = p.debit_account_id
        join journal_entries e on e.client_id = p.client_id and e.id = p.journal_entry_id
        left join journal_entries r on r.client_id = p.client_id and r.id = p.reversal_entry_id
        left join users uc on uc.client_id = p.client_id and uc.id = p.created_by
        left join users ux on ux.client_id = p.client_id and ux.id = p.cancelled_by
        where p.request_id = ${requestId}
        order by p.id`,
  );
  return rows.map((p) => ({
    id: Number(p.id),
    number: documentNumber(REQUEST_PAYMENT_SERIES, Number(p.payment_no)),
    date: p.date,
    amount: dec(p.amount).toFixed(2),
    account: { id: Number(p.account_id), code: p.account_code, name: p.account_name },
    debitAccount: { id: Number(p.debit_account_id), code: p.debit_code, name: p.debit_name },
    memo: p.memo,
    status: p.status,
    entryId: Number(p.journal_entry_id),
    entryNumber: documentNumber(p.entry_series, Number(p.entry_no)),
    reversalEntryId: p.reversal_entry_id === null ? null : Number(p.reversal_entry_id),
    reversalNumber: p.reversal_series === null || p.reversal_no === null ? null : documentNumber(p.reversal_series, Number(p.reversal_no)),
    createdByName: p.created_name,
    createdAt: new Date(p.created_at).toISOString(),
    cancelledByName: p.cancelled_name,
    cancelledAt: iso(p.cancelled_at),
    cancelReason: p.cancel_reason,
  }));
}

export async function getRequest(opts: { tx: Db; id: number; lang?: Lang }): Promise<RequestDetail> {
  const { tx, id } = opts;
  const [row] = await queryRows<RequestRow>(tx, sql`${selectRequests} where r.id = ${id}`);
  if (!row) throw notFound();
  const lines = await queryRows<{ position: number; description: string; quantity: string; unit_amount: string; amount: string }>(
    tx,
    sql`select position, description, quantity::text, unit_amount::text, amount::text from request_lines where request_id = ${id} order by position`,
  );
  const payments = await requestPayments(tx, id, opts.lang ?? 'en');
  return {
    ...toRequest(row),
    payments,
    lines: lines.map((l) => ({
      position: Number(l.position),
      description: l.description,
      quantity: dec(l.quantity).toString(),
      unitAmount: dec(l.unit_amount).toFixed(2),
      amount: dec(l.amount).toFixed(2),
    })),
  };
}

/** The request's row, locked until commit: every change of state takes it first, so two approvers cannot both pass. */
export async function lockRequest(tx: Db, id: number) {
  const [row] = await queryRows<{
    id: string;
    status: Request['status'];
    requester_id: number;
    ref_year: number | null;
    ref_no: number | null;
    fulfilled_number: string | null;
  }>(tx, sql`select id, status, requester_id, ref_year, ref_no, fulfilled_number from requests where id = ${id} for update`);
  if (!row) throw notFound();
  return { ...row, requester_id: Number(row.requester_id) };
}

/** The request form's choices: active branches, and the departments requests already name (most used first). */
export async function requestChoices(opts: { tx: Db }) {
  const branches = await queryRows<{ id: number; name: string }>(opts.tx, sql`select id, name from branches where status = 'Active' order by name`);
  const departments = await queryRows<{ department: string }>(
    opts.tx,
    sql`select department from requests where department is not null group by department order by count(*) desc, department limit 200`,
  );
  return { branches: branches.map((b) => ({ id: Number(b.id), name: b.name })), departments: departments.map((d) => d.department) };
}
